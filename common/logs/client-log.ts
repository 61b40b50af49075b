import { z } from 'zod';
import { lenientText } from '../shared/text';

/** The largest `details` object a browser may send with an event, as JSON. */
export const CLIENT_LOG_DETAILS_MAX = 8 * 1024;
/** The deepest nesting `details` may have (objects and arrays within each other). */
export const CLIENT_LOG_DETAILS_DEPTH = 20;

/** Whether a parsed JSON value nests no deeper than `max`; stops looking below it. */
export function nestsWithin(value: unknown, max: number): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (max <= 0) return false;
  return Object.values(value).every((child) => nestsWithin(child, max - 1));
}

/**
 * Body of POST /api/logs: one event the browser records (spec section 7, Logging). Its text
 * fields replace characters the text rule refuses instead of refusing the event: a report
 * of what went wrong is never lost over the text it quotes.
 */
export const clientLogSchema = z
  .object({
    type: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'type must be a snake_case event name'),
    action: lenientText('action').max(100).optional(),
    resource: lenientText('resource').max(200).optional(),
    level: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    message: lenientText('message').max(2000).optional(),
    stack: lenientText('stack').max(8000).optional(),
    details: z
      .record(z.string(), z.unknown())
      .refine((d) => nestsWithin(d, CLIENT_LOG_DETAILS_DEPTH), { message: 'details are nested too deeply', abort: true })
      .refine((d) => JSON.stringify(d).length <= CLIENT_LOG_DETAILS_MAX, 'details are too large')
      .optional(),
  })
  .strict();
export type ClientLogEvent = z.input<typeof clientLogSchema>;
