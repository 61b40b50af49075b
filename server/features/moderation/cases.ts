import type { Kysely, Transaction } from 'kysely';
import {
  REPORT_CATEGORIES,
  REPORT_TEXTS,
  userStatus,
  type BulkResolveInput,
  type BulkResolveResult,
  type CaseActionInput,
  type CaseDetail,
  type CaseReport,
  type PersonRef,
  type ReopenCaseInput,
  type ResolveCaseInput,
} from '@common/moderation/moderation';
import type { ServerContext, SessionUser } from '../../context';
import type { Database } from '../../db/types';
import { AppError, conflict, databaseRefusal, notFound } from '../../http/errors';
import { accountActionOf, authorizeCaseAction } from '../../policy/moderation';
import { USER_NOT_FOUND } from '../../policy/profiles';
import { viewerOf } from '../../policy/viewer';
import { changeAccountState } from '../../shared/account-state';
import { applyAccountChange, recordAction, sessionsEndedBy, targetOf } from './account';
import { currentStateOf, deleteImageAfterCommit } from './content';
import { accountHistoryOf, accountStateOf, actionItems, actionsOfCase, findCase, lockAccount, otherCasesAbout, peopleByUid, reportsOfCase, snapshotOf, summarize } from './queries';
import { takeDown } from './removal';
import { assertOutcomeFits, lockCurrentCase, reopenLocked, resolveLocked, touchCase } from './resolve';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

const EARLIER_MAX = 20;
const HISTORY_MAX = 50;

/** GET /api/admin/reports/:id: the case with its evidence, reports, actions and the reported person's history. */
export async function readCaseDetail(db: Db, id: string): Promise<CaseDetail> {
  const row = await findCase(db, id);
  if (!row) throw notFound(REPORT_TEXTS.caseNotFound);
  const snapshot = snapshotOf(row);
  const [[summary], currentState, reports, actions, target, earlier, history] = await Promise.all([
    summarize(db, [row]),
    currentStateOf(db, snapshot),
    reportsOfCase(db, id),
    actionsOfCase(db, id),
    accountStateOf(db, row.targetUid),
    otherCasesAbout(db, row.targetUid, id, EARLIER_MAX),
    accountHistoryOf(db, row.targetUid, HISTORY_MAX),
  ]);
  if (!summary) throw notFound(REPORT_TEXTS.caseNotFound);
  const reporters = await peopleByUid(db, reports.flatMap((r) => (r.reporterUid === null ? [] : [r.reporterUid])));
  return {
    ...summary,
    snapshot,
    currentState,
    reports: reports.map((r) => ({
      id: r.id,
      reporter: reporterOf(reporters, r),
      category: REPORT_CATEGORIES.find((c) => c === r.category) ?? 'other',
      note: r.note,
      created_at: r.created_at,
    })),
    actions: await actionItems(db, actions),
    targetStatus: target ? userStatus(target) : 'active',
    earlierCases: await summarize(db, earlier),
    accountActions: await actionItems(db, history),
  };
}

/** Who filed a report: a member, or another server (a Flag) named by the account that sent it. */
function reporterOf(
  members: Map<string, PersonRef>,
  r: { reporterUid: string | null; reporterServer: string | null; reporterActor: string | null; reporterHandle: string | null },
): CaseReport['reporter'] {
  if (r.reporterUid !== null) return { kind: 'member', ...(members.get(r.reporterUid) ?? { uid: r.reporterUid, name: '' }) };
  const server = r.reporterServer ?? '';
  return { kind: 'server', name: r.reporterHandle ?? server, server, actor: r.reporterActor ?? '' };
}

/** POST /api/admin/reports/:id/assign {version}: the case is mine now. */
export async function assignCase(ctx: ServerContext, admin: SessionUser, id: string, version: number): Promise<CaseDetail> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockCurrentCase(ctx, trx, id, version);
    const at = new Date().toISOString();
    await touchCase(ctx, trx, id, at, { assignedTo: admin.uid });
    await recordAction(trx, admin, { caseId: id, targetUid: row.targetUid, action: 'assign', reason: '', at });
  });
  return readCaseDetail(ctx.db, id);
}

/**
 * POST /api/admin/reports/:id/actions: one action on an open case. Dismiss only records;
 * remove takes the content down; warn, limit and suspend change the reported person's
 * account exactly as the user page does (through changeAccountState, so a suspension ends
 * their sessions and their stories follow their state). The case stays open until resolved.
 */
export async function actOnCase(ctx: ServerContext, admin: SessionUser, id: string, input: CaseActionInput): Promise<CaseDetail> {
  const peek = await findCase(ctx.db, id);
  if (!peek) throw notFound(REPORT_TEXTS.caseNotFound);
  const account = accountActionOf(input.action);
  const touchesAccount = account !== null || (input.action === 'remove' && peek.targetType === 'profile');
  let imageKey: string | null = null;

  const write = async (trx: Trx) => {
    // The person's row first, then the case's: the order every moderation write takes.
    const person = await lockAccount(trx, ctx.dialect, peek.targetUid);
    if (account && (!person || person.deletedAt)) throw notFound(USER_NOT_FOUND);
    authorizeCaseAction(viewerOf(admin), person ? targetOf(ctx, person) : { uid: peek.targetUid, owner: false, limitedAt: null, suspendedAt: null }, input.action);
    const row = await lockCurrentCase(ctx, trx, id, input.version);
    const at = new Date().toISOString();
    if (account && person) await applyAccountChange(ctx, trx, person, account, input.reason, at);
    if (input.action === 'remove') {
      // The same path as a removal from the content's own page (removal.ts): record, notice, counts.
      const { targetType, targetId } = snapshotOf(row);
      imageKey = (await takeDown(ctx, trx, admin, { type: targetType, id: targetId, authorUid: row.targetUid, caseId: id, reason: input.reason, at })).imageKey;
    } else {
      await recordAction(trx, admin, { caseId: id, targetUid: row.targetUid, action: input.action, reason: input.reason, at }, { targetType: row.targetType, targetId: row.targetId });
    }
    await touchCase(ctx, trx, id, at);
  };

  if (touchesAccount) await changeAccountState(ctx, peek.targetUid, sessionsEndedBy(input.action), write);
  else await ctx.db.transaction().execute(write);
  await deleteImageAfterCommit(ctx, imageKey);
  return readCaseDetail(ctx.db, id);
}

/** POST /api/admin/reports/:id/resolve {version, outcome, reason}: the outcome must fit what was done. */
export async function resolveCase(ctx: ServerContext, admin: SessionUser, id: string, input: ResolveCaseInput): Promise<CaseDetail> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockCurrentCase(ctx, trx, id, input.version);
    await assertOutcomeFits(trx, id, input.outcome);
    await resolveLocked(ctx, trx, admin, row, new Date().toISOString(), input.outcome, input.reason);
  });
  return readCaseDetail(ctx.db, id);
}

/**
 * POST /api/admin/reports/:id/reopen {version, reason}: a resolved case, as the admin saw it,
 * opens again. A report opening another case on the thing in the same instant makes the
 * partial unique index refuse ours: the same 409 as when it was there first.
 */
export async function reopenCase(ctx: ServerContext, admin: SessionUser, id: string, input: ReopenCaseInput): Promise<CaseDetail> {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const row = await lockCurrentCase(ctx, trx, id, input.version, 'resolved');
      await reopenLocked(ctx, trx, admin, row, new Date().toISOString(), input.reason);
    });
  } catch (err) {
    if (databaseRefusal(err)?.status === 409) throw conflict(REPORT_TEXTS.openCaseExists);
    throw err;
  }
  return readCaseDetail(ctx.db, id);
}

/**
 * POST /api/admin/reports/resolve: each item on its own, with the one outcome and reason. One
 * that another admin handled meanwhile (or that is gone) lands in `conflicts`, one the outcome
 * does not fit in `mismatched` (it stays open), and the rest still resolve.
 */
export async function bulkResolve(ctx: ServerContext, admin: SessionUser, input: BulkResolveInput): Promise<BulkResolveResult> {
  const result: BulkResolveResult = { resolved: [], conflicts: [], mismatched: [] };
  const seen = new Set<string>();
  for (const item of input.items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    try {
      await ctx.db.transaction().execute(async (trx) => {
        const row = await lockCurrentCase(ctx, trx, item.id, item.version);
        await assertOutcomeFits(trx, item.id, input.outcome);
        await resolveLocked(ctx, trx, admin, row, new Date().toISOString(), input.outcome, input.reason);
      });
      result.resolved.push(item.id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'outcome_mismatch') result.mismatched.push(item.id);
      else if (err.status === 409 || err.status === 404) result.conflicts.push(item.id);
      else throw err;
    }
  }
  return result;
}
