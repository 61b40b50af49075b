import { z } from 'zod';
import { isPerfectDrabble } from '../stories/words';
import { dayKeyOf, dayNumber, promptForDay, utcDayKey, type DayKey } from '../prompts/prompts';
import { AUTHOR_STATE } from '../moderation/moderation';
import { DEFAULT_PROFILE_ICON } from '../profile/icons';
import { storyWarningFieldsSchema } from '../stories/content-warnings';

/**
 * The weekly drabble contest (docs/decisions/0045-contests.md): a prompt, an entry
 * window, a voting window, then the reveal. Windows are half-open instants [opens, closes):
 * the default entry window is Monday 00:00 UTC up to the next Monday 00:00 UTC (its last
 * minute is Sunday 23:59), and voting runs from then up to Thursday 00:00 UTC (Monday to
 * Wednesday). The rules below are pure: the server and the browser read the same ones.
 */

export const CONTEST_PHASES = ['upcoming', 'entry', 'between', 'voting', 'closed'] as const;
export type ContestPhase = (typeof CONTEST_PHASES)[number];

export const CONTEST_PHASE_LABELS: Record<ContestPhase, string> = {
  upcoming: 'Opens soon',
  entry: 'Open for entries',
  between: 'Voting opens soon',
  voting: 'Voting',
  closed: 'Results',
};

/** Votes one reader may give in one contest, one per entry. */
export const CONTEST_VOTES_MAX = 3;
/** How old an account must be to enter or vote. */
export const CONTEST_ACCOUNT_MIN_AGE_DAYS = 7;
/** An entry is a perfect drabble: exactly this many words (common/stories/words.ts isPerfectDrabble). */
export const CONTEST_ENTRY_WORDS = 100;
export const CONTEST_PROMPT_MAX = 300;
export const CONTEST_REASON_MAX = 500;
/** Past contests GET /api/contests lists, newest first. */
export const CONTESTS_PAST_MAX = 52;

const DAY_MS = 86_400_000;

export interface ContestWindows {
  entryOpensAt: string;
  entryClosesAt: string;
  votingOpensAt: string;
  votingClosesAt: string;
}

/** Where a contest stands at `now`: each window includes its opening instant and excludes its closing one. */
export function contestPhase(windows: ContestWindows, now: Date): ContestPhase {
  const t = now.getTime();
  const at = (iso: string) => new Date(iso).getTime();
  if (t < at(windows.entryOpensAt)) return 'upcoming';
  if (t < at(windows.entryClosesAt)) return 'entry';
  if (t < at(windows.votingOpensAt)) return 'between';
  if (t < at(windows.votingClosesAt)) return 'voting';
  return 'closed';
}

/** Whether the author of an entry is still hidden at this phase: until voting closes. */
export function isAnonymousPhase(phase: ContestPhase): boolean {
  return phase !== 'closed';
}

/** The Monday (UTC) of the week an instant falls in. */
export function mondayOf(instant: Date): DayKey {
  const n = dayNumber(utcDayKey(instant));
  // 1970-01-01 was a Thursday: day 0 → weekday 3 counting from Monday.
  const weekday = (((n + 3) % 7) + 7) % 7;
  return dayKeyOf(n - weekday);
}

/** The default windows of the contest whose entry week starts on `monday`. */
export function defaultContestWindows(monday: DayKey): ContestWindows {
  const start = dayNumber(monday) * DAY_MS;
  const iso = (days: number) => new Date(start + days * DAY_MS).toISOString();
  return { entryOpensAt: iso(0), entryClosesAt: iso(7), votingOpensAt: iso(7), votingClosesAt: iso(10) };
}

/** The prompt a contest uses when the admin writes none: its Monday's daily prompt, as one line. */
export function dailyContestPrompt(monday: DayKey): string {
  const { genre, theme, twist } = promptForDay(monday);
  return `${genre} · ${theme} · ${twist}`;
}

/** "Week of November 30, 2026": a contest's name, the Monday (UTC) of the week its entries open in, whichever day that is. */
export function contestTitle(entryOpensAt: string): string {
  const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${mondayOf(new Date(entryOpensAt))}T00:00:00Z`));
  return `Week of ${date}`;
}

/*
 * Ranking: standard competition ranking ("1224"): entries with equal votes share a place, and
 * the next place skips as many as shared the one before (two winners, then third).
 */

export interface Ranked<T> {
  item: T;
  place: number;
}

/** Most votes first; ties share the place; within a tie, `tieOrder` (entry time, say) keeps the list stable. */
export function rankByVotes<T>(items: readonly T[], votes: (item: T) => number, tieOrder: (a: T, b: T) => number = () => 0): Array<Ranked<T>> {
  const sorted = [...items].sort((a, b) => votes(b) - votes(a) || tieOrder(a, b));
  const ranked: Array<Ranked<T>> = [];
  sorted.forEach((item, i) => {
    const prev = ranked[i - 1];
    const place = prev && votes(prev.item) === votes(item) ? prev.place : i + 1;
    ranked.push({ item, place });
  });
  return ranked;
}

/** The place names the results page and the notifications use. */
export function placeText(place: number): string {
  const mod100 = place % 100;
  const suffix = mod100 >= 11 && mod100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[place % 10] ?? 'th';
  return `${place}${suffix}`;
}

/** Winner (place 1) and runners-up (places 2 and 3; a tie for first leaves runners-up at 3). */
export const isPodium = (place: number | null) => place !== null && place <= 3;

/*
 * Who may take part, and refusals word for word.
 */

export const CONTEST_TEXTS = {
  resultsPending: 'Voting has closed. The results are being counted and appear here in a moment.',
  notFound: 'Contest not found.',
  newAccount: `Accounts can enter and vote once they are ${CONTEST_ACCOUNT_MIN_AGE_DAYS} days old.`,
  restricted: 'Your account cannot take part in contests right now.',
  entriesNotOpen: 'Entries for this contest are not open yet.',
  entriesClosed: 'Entries for this contest are closed.',
  notPerfect: `A contest entry must be exactly ${CONTEST_ENTRY_WORDS} words.`,
  outsideWindow: 'Choose a story written during this contest’s entry window.',
  alreadyEntered: 'This story is already a contest entry.',
  noEntry: 'You have no entry in this contest.',
  votingNotOpen: 'Voting for this contest has not opened yet.',
  votingClosed: 'Voting for this contest has closed.',
  ownEntry: 'You cannot vote for your own entry.',
  tooManyVotes: `You have given your ${CONTEST_VOTES_MAX} votes. Take one back to vote for this entry.`,
  adminVote: 'Admins run the contests, so they do not vote in them.',
  entryNotFound: 'Entry not found.',
  alreadyOpen: 'This contest has opened: it can no longer be changed.',
  revealed: 'The results of this contest are out.',
  closedForComments: 'Comments and reactions open when the contest’s results are revealed.',
  withdrawTitle: 'Withdraw entry',
  withdrawConfirm: 'Withdraw your entry? It becomes a private story.',
  /** An entry carrying a warning the reader hides (Settings): folded, not left out, since they may vote on it. */
  filteredEntry: 'This entry carries a content warning you chose not to see.',
  showFilteredEntry: 'Show entry',
} as const;

/** What decides whether a person may enter or vote. */
export interface ContestPerson {
  /** The account's creation instant (users.created_at). */
  createdAt: string;
  /** common/moderation/moderation.ts AUTHOR_STATE of the account: limited and suspended writers cannot take part. */
  authorState: number;
}

/** Why this person may not enter or vote at all, or null. */
export function participationRefusal(person: ContestPerson, now: Date): string | null {
  if (person.authorState !== AUTHOR_STATE.visible) return CONTEST_TEXTS.restricted;
  if (now.getTime() - new Date(person.createdAt).getTime() < CONTEST_ACCOUNT_MIN_AGE_DAYS * DAY_MS) return CONTEST_TEXTS.newAccount;
  return null;
}

/** Why this story cannot be entered in a contest with these windows, or null. */
export function entryStoryRefusal(story: { wordCount: number; createdAt: string }, windows: ContestWindows): string | null {
  if (!isPerfectDrabble(story.wordCount)) return CONTEST_TEXTS.notPerfect;
  const t = new Date(story.createdAt).getTime();
  if (t < new Date(windows.entryOpensAt).getTime() || t >= new Date(windows.entryClosesAt).getTime()) return CONTEST_TEXTS.outsideWindow;
  return null;
}

/** Why entries (entering, replacing, withdrawing) are refused in this phase, or null. */
export function entryPhaseRefusal(phase: ContestPhase): string | null {
  if (phase === 'upcoming') return CONTEST_TEXTS.entriesNotOpen;
  return phase === 'entry' ? null : CONTEST_TEXTS.entriesClosed;
}

export interface VoteFacts {
  phase: ContestPhase;
  admin: boolean;
  ownEntry: boolean;
  /** The entry already has this reader's vote (voting again changes nothing). */
  alreadyVoted: boolean;
  /** Votes this reader has given in the contest. */
  votesGiven: number;
}

/** Why this vote is refused, or null. Taking a vote back follows the same phase rule. */
export function voteRefusal(facts: VoteFacts): string | null {
  if (facts.phase === 'upcoming' || facts.phase === 'entry' || facts.phase === 'between') return CONTEST_TEXTS.votingNotOpen;
  if (facts.phase === 'closed') return CONTEST_TEXTS.votingClosed;
  if (facts.admin) return CONTEST_TEXTS.adminVote;
  if (facts.ownEntry) return CONTEST_TEXTS.ownEntry;
  if (!facts.alreadyVoted && facts.votesGiven >= CONTEST_VOTES_MAX) return CONTEST_TEXTS.tooManyVotes;
  return null;
}

/*
 * The order entries are shown in while anonymous: shuffled per reader, the same for them on
 * every visit (a hash of the reader and the story), so no position favours one entry.
 */

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function shuffleFor<T extends { storyId: string }>(items: readonly T[], seed: string): T[] {
  return [...items].sort((a, b) => fnv1a(`${seed}:${a.storyId}`) - fnv1a(`${seed}:${b.storyId}`) || (a.storyId < b.storyId ? -1 : 1));
}

/*
 * The API.
 */

const instant = (what: string) =>
  z.iso.datetime({ offset: true, message: `Please give ${what} as a date and time.` }).transform((v) => new Date(v).toISOString());

/** POST /api/admin/contests, PATCH /api/admin/contests/:id: the prompt (empty: the Monday daily prompt) and the windows. */
export const contestInputSchema = z
  .object({
    prompt: z.string('Please write a prompt.').trim().max(CONTEST_PROMPT_MAX, `A prompt can be at most ${CONTEST_PROMPT_MAX} characters.`),
    entryOpensAt: instant('when entries open'),
    entryClosesAt: instant('when entries close'),
    votingOpensAt: instant('when voting opens'),
    votingClosesAt: instant('when voting closes'),
  })
  .strict()
  .refine((c) => c.entryOpensAt < c.entryClosesAt, { message: 'Entries must close after they open.', path: ['entryClosesAt'] })
  .refine((c) => c.entryClosesAt <= c.votingOpensAt, { message: 'Voting cannot open before entries close.', path: ['votingOpensAt'] })
  .refine((c) => c.votingOpensAt < c.votingClosesAt, { message: 'Voting must close after it opens.', path: ['votingClosesAt'] });
export type ContestInput = z.infer<typeof contestInputSchema>;

/** PUT /api/contests/:id/entry */
export const contestEntryInputSchema = z.object({ storyId: z.string('Please choose a story.').min(1, 'Please choose a story.').max(64) }).strict();

/** POST /api/admin/contests/:id/entries/:storyId/disqualify */
export const disqualifyInputSchema = z
  .object({ reason: z.string('Please give a reason.').trim().min(1, 'Please give a reason.').max(CONTEST_REASON_MAX, `A reason can be at most ${CONTEST_REASON_MAX} characters.`) })
  .strict();

export const contestAuthorSchema = z.object({
  uid: z.string(),
  displayName: z.string(),
  profileIcon: z.string(),
  profileColor: z.string(),
  profileImage: z.string().nullable(),
});
export type ContestAuthor = z.infer<typeof contestAuthorSchema>;

export const contestSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  prompt: z.string(),
  /** The Monday whose daily prompt this is, when the admin wrote none. */
  promptDay: z.string().nullable(),
  entryOpensAt: z.string(),
  entryClosesAt: z.string(),
  votingOpensAt: z.string(),
  votingClosesAt: z.string(),
  phase: z.enum(CONTEST_PHASES),
  /** Voting has closed and the results are not out yet: the reveal job is at most seconds away. */
  resultsPending: z.boolean(),
  entriesCount: z.number().int().min(0),
});
export type ContestSummary = z.infer<typeof contestSummarySchema>;

/** One entry as a reader sees it: no author and no count until the reveal (then `place` too). */
export const contestEntrySchema = z.object({
  storyId: z.string(),
  title: z.string(),
  content: z.string(),
  wordCount: z.number().int(),
  mine: z.boolean(),
  voted: z.boolean(),
  author: contestAuthorSchema.nullable(),
  votes: z.number().int().nullable(),
  place: z.number().int().nullable(),
  /** Its warnings: the text waits behind "Show story", as everywhere (common/stories/content-warning-rules.ts textIsGated). */
  ...storyWarningFieldsSchema.shape,
  /** It carries a warning this reader chose never to see: folded, rather than left out (an entry they may vote on). */
  filtered: z.boolean(),
});
export type ContestEntry = z.infer<typeof contestEntrySchema>;

/** GET /api/contests/:id */
export const contestPageSchema = z.object({
  contest: contestSummarySchema,
  /** Shuffled per reader while anonymous; ranked once the results are out. */
  entries: z.array(contestEntrySchema),
  /** The viewer's own entry's story, or null. */
  myEntry: z.object({ storyId: z.string(), title: z.string() }).nullable(),
  /** Votes the viewer has left to give (0 for guests). */
  votesLeft: z.number().int().min(0),
  /** Why the viewer may not enter or vote right now (null: they may). */
  enterRefusal: z.string().nullable(),
  voteRefusal: z.string().nullable(),
});
export type ContestPage = z.infer<typeof contestPageSchema>;

/** GET /api/contests/current: the contests not yet over (usually this week's entries and last week's vote), and the latest results. */
export const currentContestsSchema = z.object({ contests: z.array(contestSummarySchema), latestResults: contestSummarySchema.nullable() });
export type CurrentContests = z.infer<typeof currentContestsSchema>;

/** GET /api/contests: the contests whose results are out, newest first. */
export const pastContestsSchema = z.object({ contests: z.array(contestSummarySchema) });
export type PastContests = z.infer<typeof pastContestsSchema>;

/** PUT/DELETE /api/contests/:id/votes/:storyId */
export const contestVoteResponseSchema = z.object({ voted: z.array(z.string()), votesLeft: z.number().int().min(0) });
export type ContestVoteResponse = z.infer<typeof contestVoteResponseSchema>;

/** An entry as the admins see it: always with its author, and disqualified ones too. */
export const adminContestEntrySchema = z.object({
  storyId: z.string(),
  title: z.string(),
  author: contestAuthorSchema,
  enteredAt: z.string(),
  disqualifiedAt: z.string().nullable(),
  disqualifiedReason: z.string().nullable(),
  place: z.number().int().nullable(),
});
export type AdminContestEntry = z.infer<typeof adminContestEntrySchema>;

/** GET /api/admin/contests */
export const adminContestsSchema = z.object({
  contests: z.array(contestSummarySchema.extend({ entries: z.array(adminContestEntrySchema), editable: z.boolean() })),
});
export type AdminContests = z.infer<typeof adminContestsSchema>;

/** What an entrant is told when the results are out. */
export function placeNotice(place: number, entries: number): string {
  if (place === 1) return `Your entry won the contest, out of ${entries}!`;
  return `Your entry placed ${placeText(place)} of ${entries} in the contest.`;
}

export const disqualifiedNotice = (reason: string) => `Your contest entry was disqualified: ${reason}`;

/** The story page's note on an entry while its contest runs. */
export const CONTEST_ENTRY_NOTICE = 'This story is an entry in a weekly contest. Its author is revealed with the results; comments and reactions open then.';

/** Nothing a story reader sees says who wrote an anonymous entry: this name, the default icon and colour. */
export const ANONYMOUS_AUTHOR = 'Anonymous entrant';
export const ANONYMOUS_ICON = DEFAULT_PROFILE_ICON;
export const ANONYMOUS_COLOR = 'blue';

/** The week the next contest would run by default: the coming Monday (UTC). */
export function nextContestMonday(now: Date): DayKey {
  return dayKeyOf(dayNumber(mondayOf(now)) + 7);
}

/** What the countdown counts to in each phase, and how it says so; null once the results are out. */
export function phaseDeadline(contest: ContestWindows & { phase: ContestPhase }): { at: string; label: string } | null {
  switch (contest.phase) {
    case 'upcoming':
      return { at: contest.entryOpensAt, label: 'Entries open in' };
    case 'entry':
      return { at: contest.entryClosesAt, label: 'Entries close in' };
    case 'between':
      return { at: contest.votingOpensAt, label: 'Voting opens in' };
    case 'voting':
      return { at: contest.votingClosesAt, label: 'Voting closes in' };
    case 'closed':
      return null;
  }
}

/** "2 days 4 hours", "3 hours 12 minutes", "5 minutes 3 seconds", "0 seconds": the two largest units left. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const units: Array<[number, string]> = [
    [Math.floor(total / 86_400), 'day'],
    [Math.floor(total / 3600) % 24, 'hour'],
    [Math.floor(total / 60) % 60, 'minute'],
    [total % 60, 'second'],
  ];
  const first = units.findIndex(([n]) => n > 0);
  if (first === -1) return '0 seconds';
  return units
    .slice(first, first + 2)
    .filter(([n], i) => i === 0 || n > 0)
    .map(([n, unit]) => `${n} ${unit}${n === 1 ? '' : 's'}`)
    .join(' ');
}
