import { REPORT_TEXTS, type accountActionSchema, type AdminUserDetail } from '@common/moderation/moderation';
import type { z } from 'zod';
import type { ServerContext, SessionUser } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { authorizeAccountAction, authorizeModeration } from '../../policy/moderation';
import { USER_NOT_FOUND } from '../../policy/profiles';
import { viewerOf } from '../../policy/viewer';
import { changeAccountState } from '../../shared/account-state';
import { authorName } from '../../shared/author';
import { deleteAccountNow } from '../account-deletion';
import { applyAccountChange, recordAction, sessionsEndedBy, targetOf, type Account } from './account';
import { findAccount, lockAccount } from './queries';
import { resolveAllOpenOn } from './resolve';
import { readUserDetail } from './users';

type AccountActionBody = z.infer<typeof accountActionSchema>;

function requireLive(account: Account | undefined): Account {
  if (!account || account.deletedAt) throw notFound(USER_NOT_FOUND);
  return account;
}

/**
 * POST /api/admin/users/:uid/actions. Each action carries a reason, is stored in
 * moderationActions and adminLogs, and may resolve every open report on the person (as
 * "action taken"). The account's columns change only through changeAccountState, so a
 * suspension ends every session at once and the stories follow the account's state.
 */
export async function actOnAccount(ctx: ServerContext, admin: SessionUser, uid: string, input: AccountActionBody): Promise<AdminUserDetail> {
  const viewer = viewerOf(admin);
  if (input.action === 'delete') {
    await deleteAccount(ctx, admin, uid, input);
  } else {
    const action = input.action;
    await changeAccountState(ctx, uid, sessionsEndedBy(action), async (trx) => {
      const account = requireLive(await lockAccount(trx, ctx.dialect, uid));
      authorizeAccountAction(viewer, targetOf(ctx, account), action);
      const at = new Date().toISOString();
      await applyAccountChange(ctx, trx, account, action, input.reason, at);
      const resolved = input.resolveReports ? await resolveAllOpenOn(ctx, trx, admin, uid, at, input.reason) : [];
      await recordAction(trx, admin, { caseId: null, targetUid: uid, action, reason: input.reason, at }, { resolvedCases: resolved.length });
    });
  }
  authorizeModeration(viewer, 'viewUsers');
  return readUserDetail(ctx, viewer, uid);
}

/**
 * Delete: the typed display name must match. The account-deletion feature does the deletion in
 * its own transaction (sessions end there); the action, its log and the resolved reports are
 * recorded once it has, so the record never claims a deletion that did not happen.
 */
async function deleteAccount(ctx: ServerContext, admin: SessionUser, uid: string, input: AccountActionBody): Promise<void> {
  const account = requireLive(await findAccount(ctx.db, uid));
  authorizeAccountAction(viewerOf(admin), targetOf(ctx, account), 'delete');
  if ((input.confirm ?? '').trim() !== authorName(account)) throw badRequest(REPORT_TEXTS.confirmMismatch, 'confirm_mismatch');
  await deleteAccountNow(ctx, uid, { adminUid: admin.uid, reason: input.reason });
  await ctx.db.transaction().execute(async (trx) => {
    const at = new Date().toISOString();
    const resolved = input.resolveReports ? await resolveAllOpenOn(ctx, trx, admin, uid, at, input.reason) : [];
    await recordAction(trx, admin, { caseId: null, targetUid: uid, action: 'delete', reason: input.reason, at }, { resolvedCases: resolved.length });
  });
}
