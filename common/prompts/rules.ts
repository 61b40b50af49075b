
/**
 * The daily prompt: a genre, a theme and a twist, the same for everyone on a calendar day
 * (UTC). The lists are curated; the day → prompt rule is below them. No zod here: the
 * schemas are in prompts.ts, which re-exports all of this (docs/decisions/0049).

 *
 * Changing a list's length changes every future prompt (the index space changes), so add
 * entries rarely and all at once. Order within a list does not matter.
 */
export const GENRES = [
  'Science Fiction', 'Fantasy', 'Horror', 'Mystery', 'Romance', 'Thriller', 'Literary', 'Magical Realism',
  'Western', 'Historical', 'Dystopian', 'Fairy Tale', 'Noir', 'Comedy', 'Gothic', 'Cyberpunk',
  'Steampunk', 'Space Opera', 'Mythology', 'Slice of Life', 'Superhero', 'Post-Apocalyptic', 'Cosmic Horror',
  'Adventure', 'Satire', 'Ghost Story', 'Fable', 'Heist', 'Solarpunk', 'Folk Horror',
] as const;

export const THEMES = [
  'Loss', 'Redemption', 'Forgiveness', 'Identity', 'Home', 'Betrayal', 'First love', 'Memory', 'Isolation',
  'Ambition', 'Sacrifice', 'Second chances', 'Revenge', 'Belonging', 'Time running out', 'Grief', 'Hope',
  'Freedom', 'Obsession', 'Courage', 'Family secrets', 'Trust', 'Change', 'Regret', 'Curiosity', 'Power',
  'Jealousy', 'Friendship', 'Survival', 'Truth', 'Legacy', 'Letting go', 'Coming of age', 'Temptation',
  'Fear of the unknown', 'Loyalty', 'Wonder', 'Inheritance', 'Homecoming', 'Exile', 'Kindness of strangers',
  'Lost and found', 'Broken promises', 'Rivalry', 'Silence', 'Transformation', 'Guilt', 'Nostalgia', 'Pride',
  'Mercy', 'Chance encounters', 'Rebirth', 'Solitude', 'Greed', 'Justice',
] as const;

export const TWISTS = [
  'The narrator is not human',
  'Tell it in reverse order',
  'The villain turns out to be right',
  'Told entirely in dialogue',
  'The last line changes everything',
  'The narrator is lying to the reader',
  'It all happens within a single minute',
  'An everyday object tells the story',
  'The ending loops back to the first line',
  'Two strangers share the same secret',
  "The ghost doesn't know it is dead",
  'The hero fails, and that is the point',
  'Written as a letter that is never sent',
  'The setting is a character with its own wishes',
  'Someone has been here before — many times',
  'The monster is afraid of the protagonist',
  'Every sentence is a question',
  'It is told in the second person',
  'The reader is a suspect',
  'Nobody in it says what they mean',
  'Gravity works differently',
  'A prophecy is misread',
  'The story is a list',
  'The weather keeps changing the plot',
  'The protagonist is a child with an adult secret',
  'A machine learns to grieve',
  'A wish is granted far too literally',
  'Two timelines meet in the final sentence',
  'A map leads somewhere that does not exist',
  'The most important character never appears',
  'It takes place on the last day of something',
  'An animal is the wisest character',
  'A message arrives years too late',
  'The antagonist is the narrator’s future self',
  'Nothing supernatural happens, yet it feels haunted',
  'Set in a place that keeps getting smaller',
  'A stranger knows the protagonist’s name',
  'The story is an instruction manual',
  'A lie becomes true',
  'Colours have gone missing from the world',
  'The title is the final word',
  'Someone swaps places with their reflection',
  'A door appears where none should be',
  'Only one word is spoken aloud',
  'The happy ending is a trap',
  'Memories can be traded like coins',
  'A song holds the answer',
  'The protagonist wakes up as someone else',
  'Time freezes for everyone but one person',
  'A photograph changes every time it is seen',
  'The story is told by a house',
  'The rescue is not wanted',
] as const;

export type Genre = (typeof GENRES)[number];
export type Theme = (typeof THEMES)[number];
export type Twist = (typeof TWISTS)[number];

export function isGenre(value: unknown): value is Genre {
  return typeof value === 'string' && (GENRES as readonly string[]).includes(value);
}

/** A calendar day as `YYYY-MM-DD`. */
export type DayKey = string;

/** A prompt as stored on a story and returned by the API. Plain strings: lists may change. */
export interface Prompt {
  genre: string;
  theme: string;
  twist: string;
}

/** A prompt a writer attaches to a story: only values from the curated lists. */
export interface PromptInput {
  genre: Genre;
  theme: Theme;
  twist: Twist;
}

/** A real calendar day as `YYYY-MM-DD` (2025-02-30 is refused). */
export function isDayKey(value: unknown): value is DayKey {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
const MS_PER_DAY = 86_400_000;

/** The UTC calendar day of an instant. */
export function utcDayKey(instant: Date): DayKey {
  return instant.toISOString().slice(0, 10);
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` day. */
export function dayNumber(day: DayKey): number {
  const [y, m, d] = day.split('-').map(Number);
  return Math.floor(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / MS_PER_DAY);
}

/** The `YYYY-MM-DD` day of a day number (dayNumber's inverse). */
export function dayKeyOf(n: number): DayKey {
  return new Date(n * MS_PER_DAY).toISOString().slice(0, 10);
}

const SIZES = [GENRES.length, THEMES.length, TWISTS.length] as const;
/** How many distinct prompts there are: 30 × 55 × 52 = 85,800. */
export const PROMPT_SPACE = SIZES[0] * SIZES[1] * SIZES[2];

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The day → prompt rule: index = (STEP × day + OFFSET) mod PROMPT_SPACE, read as mixed-radix
 * digits (genre, theme, twist). STEP is coprime to PROMPT_SPACE, so the map is a bijection
 * on any PROMPT_SPACE consecutive days (235 years): no triple repeats within a year, or a
 * century. STEP is also picked so each part moves every day (never the same genre, theme
 * or twist two days running). Found once from the list sizes, deterministically.
 */
export const PROMPT_STEP = (() => {
  const [g, t] = SIZES;
  const moves = (digit: number, radix: number) => digit !== 0 && digit !== radix - 1;
  for (let step = Math.floor(PROMPT_SPACE * 0.6180339887); ; step++) {
    const genreStep = step % g;
    const themeStep = Math.floor(step / g) % t;
    const twistStep = Math.floor(step / (g * t));
    if (gcd(step, PROMPT_SPACE) === 1 && genreStep !== 0 && moves(themeStep, t) && moves(twistStep, SIZES[2])) return step;
  }
})();
const PROMPT_OFFSET = 7_919;

/** The prompt for an index in [0, PROMPT_SPACE). */
export function promptAt(index: number): PromptInput {
  const [g, t] = SIZES;
  return {
    genre: GENRES[index % g]!,
    theme: THEMES[Math.floor(index / g) % t]!,
    twist: TWISTS[Math.floor(index / (g * t))]!,
  };
}

export function promptIndexForDay(day: DayKey): number {
  // n < PROMPT_SPACE, so n × STEP stays far below 2^53: exact integer arithmetic.
  const n = ((dayNumber(day) % PROMPT_SPACE) + PROMPT_SPACE) % PROMPT_SPACE;
  return (((n * PROMPT_STEP) % PROMPT_SPACE) + PROMPT_OFFSET) % PROMPT_SPACE;
}

/** Everyone's prompt for a UTC calendar day. */
export function promptForDay(day: DayKey): PromptInput {
  return promptAt(promptIndexForDay(day));
}

/** Today's prompt (UTC). */
export function todayPrompt(now: Date = new Date()): PromptInput {
  return promptForDay(utcDayKey(now));
}

/** A prompt drawn at random, for a writer who wants something other than today's. */
export function randomPrompt(random: () => number = Math.random): PromptInput {
  const pick = <T>(list: readonly T[]): T => list[Math.min(list.length - 1, Math.floor(random() * list.length))]!;
  return { genre: pick(GENRES), theme: pick(THEMES), twist: pick(TWISTS) };
}

export function samePrompt(a: Prompt | null | undefined, b: Prompt | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a.genre === b.genre && a.theme === b.theme && a.twist === b.twist;
}

/**
 * The day whose daily prompt a story answers, or null. A story answers day D's prompt when it
 * carries exactly that prompt and D is not in the future (UTC, with a day's grace for writers
 * east of Greenwich, whose today may already be tomorrow in UTC). The day asked for (from a
 * prompt page) wins; otherwise today's prompt, then yesterday's (written just after midnight
 * UTC by a writer west of Greenwich, for whom it is still that day).
 */
export function answeredPromptDay(prompt: Prompt | null | undefined, now: Date, requested?: DayKey): DayKey | null {
  if (!prompt) return null;
  const today = utcDayKey(now);
  const tomorrow = utcDayKey(new Date(now.getTime() + MS_PER_DAY));
  const yesterday = utcDayKey(new Date(now.getTime() - MS_PER_DAY));
  const candidates = requested ? [requested] : [today, yesterday, tomorrow];
  for (const day of candidates) {
    if (hasPromptPage(day, now) && samePrompt(prompt, promptForDay(day))) return day;
  }
  return null;
}

/*
 * Prompt pages (/prompt/<day>) and the archive (/prompts).
 */

/**
 * The first day with a prompt page, and where the archive ends. The day → prompt rule is
 * defined for any day, but Drabble's prompts (and the stories imported from before this
 * app, which may carry one) start with 2025: earlier pages would only ever be empty.
 */
export const PROMPT_ARCHIVE_START: DayKey = '2025-01-01';

/** Days on one page of the archive. */
export const PROMPT_ARCHIVE_PAGE_SIZE = 30;

/** The day `n` days after `day` (common/streaks/streak.ts addDays, kept here so this file imports no other). */
function shiftDay(day: DayKey, n: number): DayKey {
  return new Date((dayNumber(day) + n) * MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * The latest day with a page: tomorrow in UTC, already today for writers east of
 * Greenwich. A later day's prompt is not out yet.
 */
export function latestPromptDay(now: Date): DayKey {
  return shiftDay(utcDayKey(now), 1);
}

/** Whether a real day has a prompt page: from PROMPT_ARCHIVE_START to tomorrow (UTC). */
export function hasPromptPage(day: DayKey, now: Date): boolean {
  return day >= PROMPT_ARCHIVE_START && day <= latestPromptDay(now);
}

