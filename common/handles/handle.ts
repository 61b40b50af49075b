import { z } from 'zod';
import { HANDLE_PATTERN, HANDLE_TEXTS, handleProblem, normalizeHandleInput } from './rules';

export * from './rules';

/*
 * The handle's schemas, built from its rules (handle-rules.ts, re-exported here): the body of
 * PATCH /api/me/handle and the answer of GET /api/handles/:handle.
 */

/** A value the typed field accepts: normalised, then checked (400 with the rule's sentence). */
export const handleSchema = z.string(HANDLE_TEXTS.notText).transform((raw, ctx) => {
  const handle = normalizeHandleInput(raw);
  const problem = handleProblem(handle);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return handle;
});

/** PATCH /api/me/handle. Unknown keys (a uid) are refused. */
export const handleUpdateSchema = z.object({ handle: handleSchema }).strict();
export type HandleUpdate = z.input<typeof handleUpdateSchema>;

/** GET /api/handles/:handle: whose it is, and their handle now (the same one, unless it was an old one of theirs). */
export const handleLookupSchema = z.object({ uid: z.string(), handle: z.string().regex(HANDLE_PATTERN) });
export type HandleLookup = z.infer<typeof handleLookupSchema>;

