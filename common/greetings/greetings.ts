import { z } from 'zod';
import { JSON_BODY_LIMIT_BYTES } from '../shared/limits';
import { requiredText, safeText } from '../shared/text';
import { GREETING_PUNCTUATION, DEFAULT_PUNCTUATION, GREETING_TEXT_MAX, GREETING_TEXTS, type ImportError, type ImportSummary, type TodayGreeting } from './rules';

/** The schemas; the rules and texts are in greeting-rules.ts (no zod), re-exported here. */
export * from './rules';

export const greetingTextSchema = requiredText('Greeting', { empty: GREETING_TEXTS.empty, max: GREETING_TEXT_MAX, tooLong: GREETING_TEXTS.tooLong })
  // It is shown inside a heading, between the text and the writer's name.
  .refine((text) => !/[\n\t]/.test(text), GREETING_TEXTS.oneLine);

export const greetingPunctuationSchema = z.enum(GREETING_PUNCTUATION, GREETING_TEXTS.punctuation);

export const greetingCreateSchema = z
  .object({ text: greetingTextSchema, punctuation: greetingPunctuationSchema.default(DEFAULT_PUNCTUATION) })
  .strict();
export type GreetingCreate = z.input<typeof greetingCreateSchema>;

export const greetingUpdateSchema = z
  .object({
    text: greetingTextSchema.optional(),
    punctuation: greetingPunctuationSchema.optional(),
    enabled: z.boolean(GREETING_TEXTS.enabled).optional(),
  })
  .strict()
  .refine((v) => v.text !== undefined || v.punctuation !== undefined || v.enabled !== undefined, GREETING_TEXTS.nothingToUpdate);
export type GreetingUpdate = z.input<typeof greetingUpdateSchema>;

export const greetingSchema = z.object({
  id: z.string(),
  text: z.string(),
  punctuation: z.enum(GREETING_PUNCTUATION),
  enabled: z.boolean(),
  created_at: z.string(),
});
export type Greeting = z.infer<typeof greetingSchema>;

export const greetingListResponseSchema = z.object({ greetings: z.array(greetingSchema) });
export const greetingResponseSchema = z.object({ greeting: greetingSchema });
export const greetingDeletedSchema = z.object({ deleted: z.literal(true) });
/** How many greetings Enable All / Disable All changed. */
export const bulkEnabledResponseSchema = z.object({ changed: z.number().int().nonnegative() });

export const todayGreetingResponseSchema = z.object({
  greeting: z.object({ text: z.string(), punctuation: z.enum(GREETING_PUNCTUATION) }).nullable() satisfies z.ZodType<TodayGreeting | null>,
});

/** The file travels as JSON, so it must fit the API's body limit (checked again by the server). */
export const greetingImportSchema = z
  .object({ csv: safeText('The CSV file', { typeError: GREETING_TEXTS.invalidCsv }).max(JSON_BODY_LIMIT_BYTES, GREETING_TEXTS.fileTooLarge) })
  .strict();

export const importErrorSchema = z.object({ line: z.number().int().positive(), message: z.string() }) satisfies z.ZodType<ImportError>;
export const importSummarySchema = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  /** Rows left out, by line number in the file (the header is line 1). */
  errors: z.array(importErrorSchema),
}) satisfies z.ZodType<ImportSummary>;

