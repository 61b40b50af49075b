import fs from 'node:fs';
import path from 'node:path';
import type { BackupStatus } from '@common/backups/backups';
import type { ServerContext } from '../../context';
import type { BackupState } from '../../metrics/metrics';
import { createBackup } from './backup';
import { BACKUP_NAME_PATTERN, defaultBackupName, formatBytes, formatSeconds } from './format';
import { backupSourceOf } from './source';

/**
 * Backups on a schedule (BACKUP_DIR, BACKUP_INTERVAL_HOURS, BACKUP_KEEP). Every instance with
 * BACKUP_DIR looks now and then; the one whose conditional UPDATE moves backupSchedule.dueAt on
 * (where it is still the value all of them read) takes that backup, the others see it moved.
 * An instance that dies mid-backup leaves the slot taken: the next one is a whole interval
 * later, and its partial file is removed by a later prune.
 */

/** How often an instance looks (the `backups` job, server/jobs): a backup is at most this late. */
export const SCHEDULE_TICK_MS = 60 * 1000;
const HOUR_MS = 3_600_000;
/** A partial file this old belongs to a backup that died (a live one is renamed within minutes). */
const STALE_PARTIAL_MS = 24 * HOUR_MS;
const REASON_MAX = 500;

export type ScheduledOutcome = 'off' | 'not-due' | 'taken-elsewhere' | 'done' | 'failed';

/** Deletes the oldest backups (by their names, which sort by time) beyond `keep`, and dead partial files. */
export function pruneBackups(dir: string, keep: number, now: number): string[] {
  const names = fs.readdirSync(dir);
  const backups = names.filter((name) => BACKUP_NAME_PATTERN.test(name)).sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of removed) fs.rmSync(path.join(dir, name), { force: true });
  for (const name of names.filter((n) => /^\.drabble-backup-.*\.partial$/.test(n))) {
    const file = path.join(dir, name);
    if (now - fs.statSync(file).mtimeMs > STALE_PARTIAL_MS) fs.rmSync(file, { force: true });
  }
  return removed;
}

/** Takes the scheduled backup if it is due and this instance wins the claim. */
export async function runScheduledBackup(ctx: ServerContext, instanceId: string, now: Date): Promise<ScheduledOutcome> {
  const { dir, intervalHours, keep } = ctx.config.backups;
  if (!dir) return 'off';
  const nowIso = now.toISOString();
  const row = await ctx.db.selectFrom('backupSchedule').select('dueAt').where('id', '=', 1).executeTakeFirst();
  if (!row) throw new Error('the backupSchedule row is missing');
  if (row.dueAt !== null && row.dueAt > nowIso) return 'not-due';
  const claimed = await ctx.db
    .updateTable('backupSchedule')
    .set({ dueAt: new Date(now.getTime() + intervalHours * HOUR_MS).toISOString(), takenBy: instanceId, takenAt: nowIso })
    .where('id', '=', 1)
    .where('dueAt', row.dueAt === null ? 'is' : '=', row.dueAt)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return 'taken-elsewhere';

  const file = path.join(dir, defaultBackupName(now));
  try {
    fs.mkdirSync(dir, { recursive: true });
    const { bytes, durationMs } = await createBackup(backupSourceOf(ctx), file);
    await ctx.db
      .updateTable('backupSchedule')
      .set({ lastSuccessAt: new Date().toISOString(), lastSuccessFile: path.basename(file), lastSuccessBytes: bytes, lastSuccessMs: durationMs })
      .where('id', '=', 1)
      .execute();
    const removed = pruneBackups(dir, keep, Date.now());
    ctx.logger.info({ file, bytes, durationMs, removed }, `scheduled backup written: ${file} (${formatBytes(bytes)}) in ${formatSeconds(durationMs)}`);
    return 'done';
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, REASON_MAX);
    ctx.logger.error({ err, file }, `scheduled backup failed: ${reason}`);
    await ctx.db
      .updateTable('backupSchedule')
      .set({ lastFailureAt: new Date().toISOString(), lastFailureReason: reason })
      .where('id', '=', 1)
      .execute()
      .catch((cause: unknown) => ctx.logger.error({ err: cause }, 'could not record the failed backup'));
    return 'failed';
  }
}

/** What the admin dashboard shows. */
export async function readBackupStatus(ctx: ServerContext): Promise<BackupStatus> {
  const row = await ctx.db.selectFrom('backupSchedule').selectAll().where('id', '=', 1).executeTakeFirst();
  const { dir, intervalHours, keep } = ctx.config.backups;
  return {
    scheduled: dir !== null,
    intervalHours,
    keep,
    nextDueAt: row?.dueAt ?? null,
    lastSuccess:
      row?.lastSuccessAt && row.lastSuccessFile
        ? { at: row.lastSuccessAt, file: row.lastSuccessFile, bytes: Number(row.lastSuccessBytes ?? 0), durationMs: Number(row.lastSuccessMs ?? 0) }
        : null,
    lastFailure: row?.lastFailureAt ? { at: row.lastFailureAt, reason: row.lastFailureReason ?? '' } : null,
  };
}

/** What /metrics reports of it (metrics.ts registerBackupMetrics): the last run, good or failed, and the last good one. */
export function backupMetricsOf(status: BackupStatus): BackupState | null {
  const success = status.lastSuccess ? new Date(status.lastSuccess.at) : null;
  const failure = status.lastFailure ? new Date(status.lastFailure.at) : null;
  if (!success && !failure) return null;
  const ok = failure === null || (success !== null && success > failure);
  return { lastRunAt: ok ? success! : failure!, ok, lastSuccessAt: success };
}
