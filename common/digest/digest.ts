import { z } from 'zod';
import { DIGEST_TEXTS, DIGEST_TOKEN_PATTERN, DIGEST_WEEKDAYS, type DigestWeekday } from './rules';

/** The schemas; the rules and texts are in rules.ts (no zod), re-exported here. */
export * from './rules';

/**
 * The weekly digest (server/features/digest):
 * GET  /api/me/digest                      → DigestSettingsResponse
 * PUT  /api/me/digest {on, weekday, hour}  → DigestSettingsResponse
 * POST /api/digest/unsubscribe?token=…     → { on: false } (the email's one-click link, RFC 8058; no sign-in)
 * GET  /api/digest/unsubscribe?token=…     → 303 to the confirmation page /digest/unsubscribe?token=…
 */

export const digestWeekdaySchema = z
  .number(DIGEST_TEXTS.badWeekday)
  .int(DIGEST_TEXTS.badWeekday)
  .refine((n): n is DigestWeekday => (DIGEST_WEEKDAYS as readonly number[]).includes(n), DIGEST_TEXTS.badWeekday)
  .transform((n) => n as DigestWeekday);
export const digestHourSchema = z.number(DIGEST_TEXTS.badHour).int(DIGEST_TEXTS.badHour).min(0, DIGEST_TEXTS.badHour).max(23, DIGEST_TEXTS.badHour);

export const digestSettingsUpdateSchema = z.object({ on: z.boolean(), weekday: digestWeekdaySchema, hour: digestHourSchema }).strict();
export type DigestSettingsUpdate = z.input<typeof digestSettingsUpdateSchema>;

export const digestSettingsSchema = z.object({
  on: z.boolean(),
  weekday: z.number().int(),
  hour: z.number().int(),
  /** The reader's time zone, the one the day and hour are in. */
  timezone: z.string(),
  /** When the next digest is due (ISO), null while it is off. */
  nextAt: z.string().nullable(),
});
export type DigestSettings = z.infer<typeof digestSettingsSchema>;
export const digestSettingsResponseSchema = z.object({ digest: digestSettingsSchema });
export type DigestSettingsResponse = z.infer<typeof digestSettingsResponseSchema>;

export const digestUnsubscribeQuerySchema = z.object({ token: z.string(DIGEST_TEXTS.invalidToken).regex(DIGEST_TOKEN_PATTERN, DIGEST_TEXTS.invalidToken) });
export const digestUnsubscribeResponseSchema = z.object({ on: z.literal(false) });
