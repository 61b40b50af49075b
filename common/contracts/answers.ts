import { z } from 'zod';

/** The answer of a route that only says it was done. */
export const okResponseSchema = z.object({ ok: z.literal(true) });
