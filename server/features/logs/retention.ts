import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { deleteActivityLogsBefore, deleteSystemLogsBefore } from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PrunedLogs {
  systemLogs: number;
  activityLogs: number;
}

/**
 * Deletes systemLogs and activityLogs rows older than `retentionDays` (LOG_RETENTION_DAYS);
 * run by the periodic maintenance task. Timestamps are ISO-8601 UTC strings of one length,
 * so comparing them as text compares the times.
 *
 * adminLogs are kept: they are the record of what admins did to other people's content and
 * accounts, written by a handful of people (never by a client at will), so they stay small
 * and are needed long after the fact.
 */
export async function pruneOldLogs(db: Kysely<Database>, retentionDays: number, now = Date.now()): Promise<PrunedLogs> {
  const cutoff = new Date(now - retentionDays * DAY_MS).toISOString();
  const [system, activity] = await Promise.all([deleteSystemLogsBefore(db, cutoff), deleteActivityLogsBefore(db, cutoff)]);
  return { systemLogs: Number(system.numDeletedRows), activityLogs: Number(activity.numDeletedRows) };
}
