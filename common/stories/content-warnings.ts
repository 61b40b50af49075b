import { z } from 'zod';
import { safeText } from '../shared/text';
import { CONTENT_WARNING_KEYS, CONTENT_WARNING_NOTE_MAX, CONTENT_WARNING_TEXTS, inListOrder, type ReadingPreferences, type StoryWarnings } from './content-warning-rules';

/** The schemas of content warnings; the list, texts and rules are in content-warning-rules.ts. */
export * from './content-warning-rules';

export const contentWarningSchema = z.enum(CONTENT_WARNING_KEYS, CONTENT_WARNING_TEXTS.unknown);

/** A set of warnings as the API takes it: each known, kept once, in the list's order. */
export const contentWarningListSchema = z
  .array(contentWarningSchema, 'Content warnings must be a list.')
  .max(CONTENT_WARNING_KEYS.length, CONTENT_WARNING_TEXTS.tooMany)
  .transform(inListOrder);

/** The free-text note: trimmed, at most CONTENT_WARNING_NOTE_MAX characters; empty means none (null). */
export const contentWarningNoteSchema = safeText('The warning note')
  .trim()
  .max(CONTENT_WARNING_NOTE_MAX, CONTENT_WARNING_TEXTS.noteTooLong)
  .nullable()
  .transform((note) => (note ? note : null));

/** What a story carries, as every story answer shows it. */
export const storyWarningFieldsSchema = z.object({
  contentWarnings: z.array(contentWarningSchema),
  contentWarningNote: z.string().nullable(),
}) satisfies z.ZodType<StoryWarnings>;

/** A reader's choices, on their own users record only (GET /api/me). */
export const readingPreferencesSchema = z.object({
  /** Stories carrying any of these are left out of the reader's lists. */
  hiddenWarnings: z.array(contentWarningSchema),
  /** No "Show story" step: the text shows at once, under its warnings. */
  alwaysShowText: z.boolean(),
}) satisfies z.ZodType<ReadingPreferences>;

/** PUT /api/me/reading-preferences: both choices, whole. */
export const readingPreferencesUpdateSchema = z
  .object({ hiddenWarnings: contentWarningListSchema, alwaysShowText: z.boolean('Say whether to always show the text.') })
  .strict();
export type ReadingPreferencesUpdate = z.input<typeof readingPreferencesUpdateSchema>;

