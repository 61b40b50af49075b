import { z } from 'zod';

/** The largest `details` object a browser may send with an event, as JSON. */
export const CLIENT_LOG_DETAILS_MAX = 8 * 1024;

/** Body of POST /api/logs: one event the browser records (spec section 7, Logging). */
export const clientLogSchema = z
  .object({
    type: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'type must be a snake_case event name'),
    action: z.string().max(100).optional(),
    resource: z.string().max(200).optional(),
    level: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    message: z.string().max(2000).optional(),
    stack: z.string().max(8000).optional(),
    details: z
      .record(z.string(), z.unknown())
      .refine((d) => JSON.stringify(d).length <= CLIENT_LOG_DETAILS_MAX, 'details are too large')
      .optional(),
  })
  .strict();
export type ClientLogEvent = z.input<typeof clientLogSchema>;
