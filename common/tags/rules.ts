// Tags' rules and texts, without zod: the screens people land on read them without building schemas.
// common/tags/tags.ts holds the schemas and re-exports all of this (docs/decisions/0049).

/**
 * Tags (docs/decisions/0044-tags.md). A writer labels a story with up to
 * TAGS_PER_STORY_MAX tags of 2–40 characters: letters, digits, spaces and hyphens, a leading
 * `#` dropped. Tags match on their key (tagKey): case-folded, accents removed, and spaces and
 * hyphens the same separator, so "Ghost Story", "#ghost-story" and "ghost  story" are one
 * tag, keyed `ghost-story`; "Gēist" and "geist" are one tag too. A tag is shown as it was
 * first written (the tags row keeps that name).
 */
export const TAGS_PER_STORY_MAX = 5;
export const TAG_MIN = 2;
export const TAG_MAX = 40;

export const TAG_TEXTS = {
  heading: 'Tags',
  inputLabel: 'Tags',
  inputHelp: `Up to ${TAGS_PER_STORY_MAX}. Press Enter or comma to add one.`,
  placeholder: 'Add a tag',
  suggestions: 'Suggested tags',
  remove: (name: string) => `Remove tag ${name}`,
  count: (n: number) => `${n} of ${TAGS_PER_STORY_MAX} tags`,
  storyCount: (n: number) => (n === 1 ? '1 story' : `${n.toLocaleString('en')} stories`),
  follow: 'Follow',
  following: 'Following',
  unfollow: 'Unfollow',
  newest: 'Newest',
  liked: 'Most liked',
  empty: 'No stories with this tag yet.',
  /** The count when the reader's settings (hidden content warnings, blocks, mutes) keep some of the tag's stories out of their list. */
  storyCountHidden: (total: number, hidden: number) =>
    `${total === 1 ? '1 story' : `${total.toLocaleString('en')} stories`}, ${hidden === total ? (total === 1 ? '' : 'all ') : `${hidden.toLocaleString('en')} `}hidden by your settings`,
  allHidden: 'Your settings hide every story with this tag.',
  hiddenWhy: 'Stories with a content warning you hide, and stories by writers you blocked or muted, stay out of your lists. You can change either in Settings:',
  becauseYouFollow: 'because you follow',
  followedTitle: 'Followed tags',
  followedEmpty: 'You follow no tags yet. Open a tag on a story to follow it.',
  trendingTitle: 'Tags this week',
  trendingEmpty: 'No tags were used this week.',
  tooMany: `A story can have at most ${TAGS_PER_STORY_MAX} tags.`,
  tooShort: `A tag must be at least ${TAG_MIN} characters.`,
  tooLong: `A tag must be at most ${TAG_MAX} characters.`,
  badCharacters: 'A tag may only have letters, digits, spaces and hyphens.',
  notList: 'Tags must be a list.',
  notFound: 'No such tag.',
  reserved: 'That word cannot be a tag.',
} as const;

/** Letters (with their combining marks), digits, spaces and hyphens. */
const TAG_CHARACTERS = /^[\p{L}\p{M}\p{N} -]+$/u;
const COMBINING_MARKS = /\p{M}/gu;

/** A tag as written, tidied for display: trimmed, a leading `#` dropped, runs of spaces one space. */
export function tagDisplay(raw: string): string {
  return raw.trim().replace(/^#+/, '').trim().replace(/ {2,}/g, ' ');
}

/**
 * The key a tag matches on (and its address, /tag/<key>): NFKD with combining marks
 * removed, lower case, every run of spaces and hyphens one hyphen, none at either end.
 */
export function tagKey(raw: string): string {
  return tagDisplay(raw)
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(/[ -]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Keys the API's own addresses use under /api/tags/ (/api/tags/suggest, /api/tags/followed): no tag may be one. */
export const RESERVED_TAG_KEYS: readonly string[] = ['suggest', 'followed'];

/** Why a tag is refused, or null when it is a good one. */
export function tagProblem(raw: string): string | null {
  const display = tagDisplay(raw);
  if (!TAG_CHARACTERS.test(display)) return display.length === 0 ? TAG_TEXTS.tooShort : TAG_TEXTS.badCharacters;
  if ([...display].length > TAG_MAX) return TAG_TEXTS.tooLong;
  const key = tagKey(display);
  if ([...key].length < TAG_MIN) return TAG_TEXTS.tooShort;
  if (RESERVED_TAG_KEYS.includes(key)) return TAG_TEXTS.reserved;
  return null;
}

/** Tags kept once each by key, in the order written; the first spelling wins. */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tagKey(tag);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A story's tags in one line of an exported story's front matter ("Ghost Story, grief"): a tag
 * holds no comma, so the line reads back unchanged (tagsFromText).
 */
export const tagsAsText = (names: readonly string[]): string => names.join(', ');

/**
 * The tags of a front-matter line, as an import takes them: good ones tidied and kept once, in
 * the line's order, at most TAGS_PER_STORY_MAX; a bad one is left off, as an unknown warning is.
 */
export function tagsFromText(text: string): string[] {
  const good = text.split(',').filter((part) => part.trim() !== '' && tagProblem(part) === null).map(tagDisplay);
  return uniqueTags(good).slice(0, TAGS_PER_STORY_MAX);
}

/** A tag's address in the app. */
export const tagPath = (key: string): string => `/tag/${encodeURIComponent(key)}`;

