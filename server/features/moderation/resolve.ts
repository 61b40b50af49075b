import type { Transaction } from 'kysely';
import { REPORT_TEXTS, type CaseOutcome } from '@common/moderation';
import type { ServerContext, SessionUser } from '../../context';
import type { Database } from '../../db/types';
import { ADMINS_TOPIC } from '../../events/bus';
import { conflict, notFound } from '../../http/errors';
import { recordAction } from './account';
import { tellReporters } from './notices';
import { ACTION_TAKEN, lockCase, type CaseRow } from './queries';

type Trx = Transaction<Database>;

/**
 * The optimistic check every case write makes under the case's lock: the admin acted on the
 * version they saw, and nobody has resolved it since. Otherwise 409 "Someone already handled
 * this report", word for word (the queue shows it and refetches).
 */
export async function lockCurrentCase(ctx: ServerContext, trx: Trx, id: string, version: number): Promise<CaseRow> {
  const row = await lockCase(trx, ctx.dialect, id);
  if (!row) throw notFound(REPORT_TEXTS.caseNotFound);
  if (row.status !== 'open' || Number(row.version) !== version) throw conflict(REPORT_TEXTS.alreadyHandled);
  return row;
}

/** Every change to a case moves it up the queue and bumps its version, and open queues hear of it. */
export async function touchCase(ctx: ServerContext, trx: Trx, id: string, at: string, change: { assignedTo?: string } = {}): Promise<void> {
  await trx
    .updateTable('moderationCases')
    .set((eb) => ({ ...change, version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .execute();
  await ctx.bus.record(trx, ADMINS_TOPIC, 'moderation.changed', { caseId: id });
}

/**
 * Closes a locked, open case: 'action' when any action other than dismiss was applied (or
 * `outcome` says so: an account action that resolves every report on the person), else
 * 'dismissed'. Every reporter is told the outcome, never the sanction.
 */
export async function resolveLocked(ctx: ServerContext, trx: Trx, admin: SessionUser, row: CaseRow, at: string, outcome?: CaseOutcome): Promise<CaseOutcome> {
  const taken = await trx.selectFrom('moderationActions').select('id').where('caseId', '=', row.id).where('action', 'in', ACTION_TAKEN).executeTakeFirst();
  const result: CaseOutcome = outcome ?? (taken ? 'action' : 'dismissed');
  await trx
    .updateTable('moderationCases')
    .set((eb) => ({ status: 'resolved', outcome: result, resolvedBy: admin.uid, resolvedAt: at, version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', row.id)
    .execute();
  await recordAction(trx, admin, { caseId: row.id, targetUid: row.targetUid, action: 'resolve', reason: '', at }, { outcome: result });
  await tellReporters(ctx, trx, row.id, result, at);
  await ctx.bus.record(trx, ADMINS_TOPIC, 'moderation.changed', { caseId: row.id });
  return result;
}

/** "Resolve all open reports on this user": each open case about them, as action taken. Call with the person's row locked. */
export async function resolveAllOpenOn(ctx: ServerContext, trx: Trx, admin: SessionUser, uid: string, at: string): Promise<string[]> {
  const open = await trx
    .selectFrom('moderationCases')
    .selectAll()
    .where('targetUid', '=', uid)
    .where('status', '=', 'open')
    .orderBy('id')
    .$if(ctx.dialect === 'postgres', (q) => q.forUpdate())
    .execute();
  for (const row of open) await resolveLocked(ctx, trx, admin, row, at, 'action');
  return open.map((r) => r.id);
}
