import type { Kysely } from 'kysely';
// Log ids are UUIDv7: they sort by time and, within one millisecond, in the order this process
// wrote them, so the audit log (ordered by timestamp, then id) lists a burst in its true order.
import { v7 as logId } from 'uuid';
import { redactDetails } from '@common/logs/redact';
import type { Database, LogTableBase } from '../db/types';
import type { Logger } from '../logger';

export interface LogUser {
  uid: string;
  displayName: string | null;
  email: string;
}

export interface LogEvent {
  type: string;
  action?: string | null;
  user?: LogUser | null;
  resource?: string | null;
  details?: unknown;
  level?: 'debug' | 'info' | 'warn' | 'error';
  source?: string;
  ip?: string | null;
  userAgent?: string | null;
  stack?: string | null;
  message?: string | null;
}

/** A log row with server time and redacted details: what people wrote is never stored. */
function toRow(event: LogEvent): LogTableBase {
  return {
    id: logId(),
    timestamp: new Date().toISOString(),
    type: event.type,
    action: event.action ?? null,
    user: event.user ? JSON.stringify(event.user) : null,
    resource: event.resource ?? null,
    details: event.details === undefined ? null : JSON.stringify(redactDetails(event.details)),
    level: event.level ?? 'info',
    source: event.source ?? 'server',
    ip: event.ip ?? null,
    userAgent: event.userAgent ?? null,
    stack: event.stack ?? null,
    message: event.message ?? null,
  };
}

/** Writes a systemLogs row; throws, for callers that write it inside their own transaction. */
export async function insertSystemLog(db: Kysely<Database>, event: LogEvent): Promise<void> {
  await db.insertInto('systemLogs').values(toRow(event)).execute();
}

/** Writes a systemLogs row. A failed write goes to the server log only: logging never blocks the user. */
export async function recordSystemEvent(db: Kysely<Database>, logger: Logger, event: LogEvent): Promise<void> {
  try {
    await insertSystemLog(db, event);
  } catch (err) {
    logger.error({ err, type: event.type }, 'could not write a system log entry');
  }
}

/** Writes an activityLogs row (what a person did), never blocking them. */
export async function recordActivity(db: Kysely<Database>, logger: Logger, event: LogEvent): Promise<void> {
  try {
    await db.insertInto('activityLogs').values({ ...toRow(event), userId: event.user?.uid ?? null }).execute();
  } catch (err) {
    logger.error({ err, type: event.type }, 'could not write an activity log entry');
  }
}

export interface AdminLogEntry {
  /** The admin who acted. */
  admin: LogUser;
  /** What they did, e.g. 'feature_request_status', 'greeting_created'. */
  action: string;
  /** What it was done to, e.g. 'featureRequests/<id>', with a human label where the target may be deleted. */
  target: string | null;
  details?: unknown;
}

/**
 * Writes an adminLogs row in the caller's transaction, so the log and the change commit or
 * roll back together. Details are redacted like every other log: people's words are not kept.
 */
export async function insertAdminLog(db: Kysely<Database>, entry: AdminLogEntry): Promise<void> {
  await db
    .insertInto('adminLogs')
    .values({
      id: logId(),
      user: JSON.stringify(entry.admin),
      action: entry.action,
      target: entry.target,
      details: entry.details === undefined ? null : JSON.stringify(redactDetails(entry.details)),
      timestamp: new Date().toISOString(),
    })
    .execute();
}

export function logUserOf(user: { uid: string; displayName: string | null; email: string }): LogUser {
  return { uid: user.uid, displayName: user.displayName, email: user.email };
}
