/** What a Report control is about. Kept apart from common/moderation/moderation.ts so the screens offering "Report" load no zod schemas for it. */
export type ReportTargetKind = 'story' | 'comment' | 'profile' | 'message' | 'anthology';

export interface ReportTarget {
  targetType: ReportTargetKind;
  targetId: string;
}
