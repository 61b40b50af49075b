import type { Transaction } from 'kysely';
import { ACTION_TAKEN, REPORT_TEXTS, type CaseOutcome, type CaseStatus } from '@common/moderation/moderation';
import type { ServerContext, SessionUser } from '../../context';
import type { Database } from '../../db/types';
import { ADMINS_TOPIC } from '../../events/bus';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAction } from './account';
import { tellReporters } from './notices';
import { bumpCase, caseHasActionIn, findOpenCaseOn, lockCase, lockOpenCasesOf, markCaseReopened, markCaseResolved, type CaseRow } from './queries';

type Trx = Transaction<Database>;

/**
 * The optimistic check every case write makes under the case's lock: the admin acted on the
 * version they saw, and the case is as they saw it (open, or resolved for a reopen). Otherwise
 * 409 "Someone already handled this report", word for word (the queue shows it and refetches).
 */
export async function lockCurrentCase(ctx: ServerContext, trx: Trx, id: string, version: number, status: CaseStatus = 'open'): Promise<CaseRow> {
  const row = await lockCase(trx, ctx.dialect, id);
  if (!row) throw notFound(REPORT_TEXTS.caseNotFound);
  if (row.status !== status || Number(row.version) !== version) throw conflict(REPORT_TEXTS.alreadyHandled);
  return row;
}

/** Every change to a case moves it up the queue and bumps its version, and open queues hear of it. */
export async function touchCase(ctx: ServerContext, trx: Trx, id: string, at: string, change: { assignedTo?: string } = {}): Promise<void> {
  await bumpCase(trx, id, at, change);
  await ctx.bus.record(trx, ADMINS_TOPIC, 'moderation.changed', { caseId: id });
}

/**
 * Whether the outcome an admin chose fits what was done on the case (every action it ever
 * had, reopenings included): "action taken" needs one of ACTION_TAKEN, "no violation" none
 * of them, so reporters are never told the opposite of what happened. Null when it fits.
 */
export async function outcomeRefusal(trx: Trx, caseId: string, outcome: CaseOutcome): Promise<string | null> {
  const taken = await caseHasActionIn(trx, caseId, ACTION_TAKEN);
  if (outcome === 'action' && !taken) return REPORT_TEXTS.outcomeNeedsAction;
  if (outcome === 'dismissed' && taken) return REPORT_TEXTS.outcomeHasActions;
  return null;
}

/** 400 `outcome_mismatch` with outcomeRefusal's sentence. */
export async function assertOutcomeFits(trx: Trx, caseId: string, outcome: CaseOutcome): Promise<void> {
  const refusal = await outcomeRefusal(trx, caseId, outcome);
  if (refusal) throw badRequest(refusal, 'outcome_mismatch');
}

/**
 * Closes a locked, open case with the outcome and reason the admin gave. The resolution is
 * recorded (moderationActions and adminLogs) with both, and every reporter is told the
 * outcome about the thing they reported, never the sanction.
 */
export async function resolveLocked(ctx: ServerContext, trx: Trx, admin: SessionUser, row: CaseRow, at: string, outcome: CaseOutcome, reason: string): Promise<void> {
  await markCaseResolved(trx, row.id, { outcome, resolvedBy: admin.uid, at });
  await recordAction(trx, admin, { caseId: row.id, targetUid: row.targetUid, action: 'resolve', reason, outcome, at }, { outcome });
  await tellReporters(ctx, trx, row, outcome, at);
  await ctx.bus.record(trx, ADMINS_TOPIC, 'moderation.changed', { caseId: row.id });
}

/**
 * Opens a locked, resolved case again (a wrong "no violation" must not leave the
 * spam up for good). Its earlier actions and resolution stay in its history. A thing has at
 * most one open case (the partial unique index): if a newer report opened another meanwhile,
 * that one is where to act, and this stays resolved.
 */
export async function reopenLocked(ctx: ServerContext, trx: Trx, admin: SessionUser, row: CaseRow, at: string, reason: string): Promise<void> {
  const other = await findOpenCaseOn(trx, row.targetType, row.targetId);
  if (other) throw conflict(REPORT_TEXTS.openCaseExists);
  await markCaseReopened(trx, row.id, at);
  await recordAction(trx, admin, { caseId: row.id, targetUid: row.targetUid, action: 'reopen', reason, at });
  await ctx.bus.record(trx, ADMINS_TOPIC, 'moderation.changed', { caseId: row.id });
}

/**
 * "Resolve all open reports on this user": each open case about them, as action taken (the
 * account action is the action), with that action's reason. Call with the person's row locked.
 */
export async function resolveAllOpenOn(ctx: ServerContext, trx: Trx, admin: SessionUser, uid: string, at: string, reason: string): Promise<string[]> {
  const open = await lockOpenCasesOf(trx, ctx.dialect, uid);
  for (const row of open) await resolveLocked(ctx, trx, admin, row, at, 'action', reason);
  return open.map((r) => r.id);
}
