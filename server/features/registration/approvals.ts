import type { Transaction } from 'kysely';
import { REGISTRATION_TEXTS, type ApprovalDecision } from '@common/registration/registration';
import type { ServerContext, SessionUser } from '../../context';
import type { Database } from '../../db/types';
import { accountApprovedMessage, accountDeclinedMessage } from '../../email/templates';
import { conflict, notFound } from '../../http/errors';
import { USER_NOT_FOUND } from '../../policy/profiles';
import { insertAdminLog, logUserOf } from '../../shared/audit-log';
import { changeUser } from '../../shared/users';
import { deleteAccountNow } from '../account-deletion';
import { lockUserForApproval, setAwaitingApprovalSince } from './queries';

/** A decline under way: still waiting (the gate holds), but no second decision may start. */
const DECLINING = 'declining:';

/** Locks the waiting account; 404 when it is gone, 409 when it is not waiting (approved, or being declined). */
async function lockWaiting(trx: Transaction<Database>, ctx: ServerContext, uid: string) {
  const row = await lockUserForApproval(trx, ctx.dialect, uid);
  if (!row || row.deletedAt) throw notFound(USER_NOT_FOUND);
  if (!row.awaitingApprovalSince || row.awaitingApprovalSince.startsWith(DECLINING)) throw conflict(REGISTRATION_TEXTS.notWaiting);
  return { ...row, waitingSince: row.awaitingApprovalSince, name: row.displayName ?? row.name };
}

/**
 * POST /api/admin/users/:uid/approval. Approve: the wait ends, logged in the same transaction,
 * and the person's open tabs hear it (`user.updated`) and leave the waiting screen. Decline: the
 * account is marked as being declined (a second decision is refused), then deleted through the
 * account-deletion path (sessions end, the address is free again, the deletion is logged
 * there), then the decline is logged. The person is emailed either way. Deciding on an account
 * that is not waiting is a 409.
 */
export async function decideApproval(ctx: ServerContext, admin: SessionUser, uid: string, { decision }: ApprovalDecision): Promise<{ decision: ApprovalDecision['decision'] }> {
  if (decision === 'approve') {
    let person: { email: string; name: string } | null = null;
    await changeUser(ctx, uid, async (trx) => {
      const row = await lockWaiting(trx, ctx, uid);
      person = row;
      await setAwaitingApprovalSince(trx, uid, null);
      await insertAdminLog(trx, { admin: logUserOf(admin), action: 'account_approved', target: `users/${uid}`, details: { waitingSince: row.waitingSince } });
    });
    const { email, name } = person!;
    await ctx.emails.enqueue(accountApprovedMessage({ to: email, name, publicUrl: ctx.config.publicUrl }));
    return { decision };
  }
  const person = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockWaiting(trx, ctx, uid);
    await setAwaitingApprovalSince(trx, uid, `${DECLINING}${row.waitingSince}`);
    return row;
  });
  await deleteAccountNow(ctx, uid, { adminUid: admin.uid, reason: 'Sign-up declined' });
  await insertAdminLog(ctx.db, { admin: logUserOf(admin), action: 'account_declined', target: `users/${uid}`, details: { waitingSince: person.waitingSince } });
  await ctx.emails.enqueue(accountDeclinedMessage({ to: person.email, name: person.name }));
  return { decision };
}
