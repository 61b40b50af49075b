import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { redactDetails } from '@common/redact';
import type { Database } from '../../db/types';
import type { Logger } from '../../logger';

export interface LogUser {
  uid: string;
  displayName: string | null;
  email: string;
}

export interface SystemEvent {
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

/**
 * Writes one systemLogs row (details redacted, server timestamp). A failed write goes to
 * the server log only: logging never blocks what the user was doing.
 */
export async function recordSystemEvent(db: Kysely<Database>, logger: Logger, event: SystemEvent): Promise<void> {
  try {
    await db
      .insertInto('systemLogs')
      .values({
        id: crypto.randomUUID(),
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
      })
      .execute();
  } catch (err) {
    logger.error({ err, type: event.type }, 'could not write a system log entry');
  }
}
