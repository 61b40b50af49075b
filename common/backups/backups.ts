import { z } from 'zod';

/**
 * GET /api/admin/backups (admins only): the backup schedule's state for the admin dashboard
 * (server/ops/backup/schedule.ts; docs/decisions/0029-backups.md).
 */
export const backupStatusSchema = z.object({
  /** BACKUP_DIR is set on the instance that answered: it takes scheduled backups. */
  scheduled: z.boolean(),
  intervalHours: z.number().positive(),
  keep: z.number().int().positive(),
  /** When the next scheduled backup is due (UTC ISO); null before the first. */
  nextDueAt: z.string().nullable(),
  lastSuccess: z.object({ at: z.string(), file: z.string(), bytes: z.number().int().nonnegative(), durationMs: z.number().int().nonnegative() }).nullable(),
  lastFailure: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

/** A failure is news while no backup has succeeded since it. */
export const failedSinceLastSuccess = (status: BackupStatus): boolean =>
  status.lastFailure !== null && (status.lastSuccess === null || status.lastFailure.at > status.lastSuccess.at);

/** "3.2 MB" (1024-based, as file managers show sizes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export const BACKUP_TEXTS = {
  title: 'Backups',
  off: 'Scheduled backups are off. Set BACKUP_DIR to have the server write one every day (npx drabble backup writes one now).',
  every: (hours: number, keep: number) => `Every ${hours === 1 ? 'hour' : `${hours} hours`}, keeping the last ${keep}.`,
  lastSuccess: 'Last good backup',
  none: 'None yet',
  lastFailure: 'Last backup failed',
  nextDue: 'Next due',
  loadFailed: 'Could not load the backup status.',
} as const;
