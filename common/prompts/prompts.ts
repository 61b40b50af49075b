import { z } from 'zod';
import { GENRES, THEMES, TWISTS, isDayKey, type Prompt, type PromptInput } from './rules';

/** The schemas; the rules and texts are in prompt-rules.ts (no zod), re-exported here. */
export * from './rules';

/** A prompt as stored on a story and returned by the API. Plain strings: lists may change. */
export const promptSchema = z.object({ genre: z.string(), theme: z.string(), twist: z.string() }) satisfies z.ZodType<Prompt>;

/** A prompt a writer attaches to a story: only values from the curated lists. */
export const promptInputSchema = z
  .object({
    genre: z.enum(GENRES, 'Please choose a genre from the list.'),
    theme: z.enum(THEMES, 'Please choose a theme from the list.'),
    twist: z.enum(TWISTS, 'Please choose a twist from the list.'),
  })
  .strict() satisfies z.ZodType<PromptInput>;

export const dayKeySchema = z.string('Please give a date as YYYY-MM-DD.').refine(isDayKey, 'Please give a date as YYYY-MM-DD.');

/**
 * GET /api/prompts/today: always a prompt from the lists, so the editor can attach it as is.
 * `answered`: the viewer has a story written to today's prompt (false for guests); the
 * server always sends it, only the browser's stand-in (computed before the answer) has none.
 */
export const todayPromptResponseSchema = z.object({ date: z.string(), prompt: promptInputSchema, answered: z.boolean().optional() });
export type TodayPromptResponse = z.infer<typeof todayPromptResponseSchema>;

/** A prompt page's day in the address: a real calendar day, written YYYY-MM-DD. */
export const promptDateSchema = z
  .string('Please give the prompt’s date as YYYY-MM-DD, like 2026-11-03.')
  .refine(isDayKey, 'Please give the prompt’s date as a real day written YYYY-MM-DD, like 2026-11-03.');

/** GET /api/prompts/:date: a day's prompt and how many public stories answer it. */
export const promptDayResponseSchema = z.object({
  date: z.string(),
  prompt: promptInputSchema,
  /** The viewer has a story (public or private) written to this day's prompt; false for guests. */
  answered: z.boolean(),
  /** Public stories written to it by writers in good standing (not limited, suspended or gone). */
  storiesCount: z.number().int().min(0),
});
export type PromptDayResponse = z.infer<typeof promptDayResponseSchema>;

/** One day of the archive. */
export const promptArchiveEntrySchema = z.object({
  date: z.string(),
  prompt: promptInputSchema,
  storiesCount: z.number().int().min(0),
});
export type PromptArchiveEntry = z.infer<typeof promptArchiveEntrySchema>;

/** GET /api/prompts: PROMPT_ARCHIVE_PAGE_SIZE days, newest first, from today back to PROMPT_ARCHIVE_START. */
export const promptArchivePageSchema = z.object({
  prompts: z.array(promptArchiveEntrySchema),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type PromptArchivePage = z.infer<typeof promptArchivePageSchema>;

/** GET /api/prompts?cursor: the cursor is the last day shown; the page starts the day before. */
export const promptArchiveQuerySchema = z.object({
  cursor: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string('This list has changed. Please reload it.').refine(isDayKey, 'This list has changed. Please reload it.').optional(),
  ),
});

