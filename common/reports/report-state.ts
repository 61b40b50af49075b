import { z } from 'zod';

/**
 * Whether the signed-in reader has already reported something (the Report control
 * reads "Reported" once they have). Apart from common/moderation/moderation.ts so the screens offering
 * "Report" load only this.
 *
 * GET /api/reports/mine?targetType=comment&ids=a,b,c → { reported: ['a'] }
 */

export const REPORT_TARGET_TYPES = ['story', 'comment', 'profile', 'message', 'anthology'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** At most this many ids per question: a page of comments is 50. */
export const REPORTED_IDS_MAX = 100;

const ID = /^[A-Za-z0-9_-]{1,128}$/;

export const reportedQuerySchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, 'Unknown kind of content.'),
  /** Comma-separated ids. */
  ids: z
    .string('Say which ids.')
    .transform((value) => [...new Set(value.split(','))])
    .refine((ids) => ids.length <= REPORTED_IDS_MAX, `At most ${REPORTED_IDS_MAX} ids.`)
    .refine((ids) => ids.every((id) => ID.test(id)), 'The ids are not valid.'),
});

export const reportedSchema = z.object({
  /** The asked ids the reader has reported (once each, ever). */
  reported: z.array(z.string()),
});
export type Reported = z.infer<typeof reportedSchema>;
