
/**
 * Content warnings: the list, texts and rules, without zod (common/stories/content-warnings.ts holds
 * the schemas and re-exports all of this), so the screens people land on use them without
 * building schemas (docs/decisions/0049).
 *
 * Content warnings (docs/decisions/0042-content-warnings.md): a story may carry
 * warnings from this fixed list and a short note of its own. A reader may hide stories with
 * some warnings from their lists, and may choose to see every story's text without the
 * "Show story" step.
 *
 * The database keeps a story's warnings as one integer, bit `1 << i` for CONTENT_WARNINGS[i],
 * so a reader's filter is a single `warnings & hidden = 0` on any list. The order is
 * therefore fixed: a new warning is only ever appended.
 */
export const CONTENT_WARNINGS = [
  { key: 'violence', label: 'Violence' },
  { key: 'death', label: 'Death' },
  { key: 'self-harm', label: 'Self-harm' },
  { key: 'abuse', label: 'Abuse' },
  { key: 'sexual-content', label: 'Sexual content' },
  { key: 'strong-language', label: 'Strong language' },
] as const;

export const CONTENT_WARNING_KEYS = ['violence', 'death', 'self-harm', 'abuse', 'sexual-content', 'strong-language'] as const satisfies ReadonlyArray<(typeof CONTENT_WARNINGS)[number]['key']>;
export type ContentWarning = (typeof CONTENT_WARNING_KEYS)[number];

/** What a story carries, as every story answer shows it. */
export interface StoryWarnings {
  contentWarnings: ContentWarning[];
  contentWarningNote: string | null;
}

/** A reader's choices, on their own users record only (GET /api/me). */
export interface ReadingPreferences {
  /** Stories carrying any of these are left out of the reader's lists. */
  hiddenWarnings: ContentWarning[];
  /** No "Show story" step: the text shows at once, under its warnings. */
  alwaysShowText: boolean;
}

export const CONTENT_WARNING_NOTE_MAX = 100;

export const CONTENT_WARNING_TEXTS = {
  heading: 'Content warnings',
  noteLabel: 'Note (optional)',
  notePlaceholder: 'Anything else a reader should know',
  showStory: 'Show story',
  hiddenUntilChosen: 'The text is hidden until you choose to read it.',
  settingsTitle: 'Content warnings',
  settingsHide: 'Never show me stories with',
  settingsHideHelp: 'Stories with any of these warnings are left out of community, your feed and profiles. Your own stories are always shown.',
  alwaysShow: 'Always show the text',
  alwaysShowHelp: 'Show a story’s text at once, with its warnings above it, instead of behind “Show story”.',
  saved: 'Saved',
  unknown: 'Unknown content warning.',
  tooMany: `A story can carry at most ${CONTENT_WARNINGS.length} content warnings.`,
  noteTooLong: `The warning note must be at most ${CONTENT_WARNING_NOTE_MAX} characters.`,
} as const;

const labelOf = new Map<string, string>(CONTENT_WARNINGS.map((w) => [w.key, w.label]));

/** The label a person reads ("Self-harm") for a warning key. */
export const contentWarningLabel = (key: ContentWarning): string => labelOf.get(key) ?? key;

/** Known keys, once each, in the fixed list's order. */
export function inListOrder(keys: readonly ContentWarning[]): ContentWarning[] {
  return CONTENT_WARNING_KEYS.filter((key) => keys.includes(key));
}

/** The integer the database keeps: bit `1 << i` for CONTENT_WARNING_KEYS[i]. */
export function warningMask(keys: readonly ContentWarning[]): number {
  return CONTENT_WARNING_KEYS.reduce((mask, key, i) => (keys.includes(key) ? mask | (1 << i) : mask), 0);
}

/** The keys of a stored mask (bits past the list are ignored). */
export function warningsOfMask(mask: number): ContentWarning[] {
  return CONTENT_WARNING_KEYS.filter((_, i) => (mask & (1 << i)) !== 0);
}

/**
 * A story's warnings as one line of text, for anything outside the app (an Atom entry, an
 * email): "Content warnings: Violence, Death — a note". Null when the story carries none.
 */
export function contentWarningLine(story: StoryWarnings): string | null {
  const labels = inListOrder(story.contentWarnings).map(contentWarningLabel);
  const note = story.contentWarningNote?.trim() || null;
  if (labels.length === 0 && note === null) return null;
  const parts = [labels.join(', '), note].filter((part): part is string => Boolean(part));
  return `${CONTENT_WARNING_TEXTS.heading}: ${parts.join(' — ')}`;
}

/**
 * Warnings named in text ("Violence, Self-harm", labels or keys, any case), as an exported
 * story's front matter lists them: the known ones, in the list's order; others are ignored.
 */
export function warningsFromText(text: string): ContentWarning[] {
  const named = new Set(text.split(',').map((part) => part.trim().toLowerCase()));
  return inListOrder(CONTENT_WARNINGS.filter((w) => named.has(w.key) || named.has(w.label.toLowerCase())).map((w) => w.key));
}

/** Whether a story carries anything a reader should be told before its text. */
export const hasContentWarnings = (story: StoryWarnings): boolean => story.contentWarnings.length > 0 || Boolean(story.contentWarningNote);

/**
 * Whether the story's text waits behind "Show story" for this reader: it carries warnings,
 * the reader is not its writer, and has not chosen to always see the text.
 */
export function textIsGated(story: StoryWarnings & { uid: string }, reader: { uid: string; readingPreferences: ReadingPreferences } | null): boolean {
  if (!hasContentWarnings(story)) return false;
  if (reader === null) return true;
  return reader.uid !== story.uid && !reader.readingPreferences.alwaysShowText;
}
