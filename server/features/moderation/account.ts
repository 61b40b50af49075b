import type { Transaction } from 'kysely';
import { GRACE_DAYS, REPORT_TEXTS, type CaseOutcome, type ModerationActionType } from '@common/moderation/moderation';
import type { SessionEndReason } from '@common/events/live-events';
import type { ServerContext, SessionUser } from '../../context';
import type { Database } from '../../db/types';
import { fromDbBool } from '../../db/bool';
import { badRequest, conflict } from '../../http/errors';
import type { ModerationTarget } from '../../policy/moderation';
import { insertAdminLog, logUserOf } from '../../shared/audit-log';
import { newId } from '../../shared/ids';
import { isOwner } from '../../shared/users';
import { sendNotice } from './notices';
import { insertModerationAction, updateAccountState, type Account } from './queries';

type Trx = Transaction<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;

export type { Account };

export function targetOf(ctx: ServerContext, account: Account): ModerationTarget & { deleteAfter: string | null } {
  return {
    uid: account.uid,
    owner: isOwner(account.email, fromDbBool(account.emailVerified), ctx.config.adminEmail),
    limitedAt: account.limitedAt,
    suspendedAt: account.suspendedAt,
    deleteAfter: account.deleteAfter,
  };
}

/** Account changes applied in a transaction (delete is not one: it runs account-deletion's own). */
export type AccountChange = 'warn' | 'limit' | 'unlimit' | 'suspend' | 'unsuspend' | 'note';

/** The sessions a change ends (changeAccountState's reason): only a suspension signs the person out. */
export const sessionsEndedBy = (action: string): SessionEndReason | null => (action === 'suspend' ? 'suspended' : null);

const plusDays = (at: string, days: number) => new Date(Date.parse(at) + days * DAY_MS).toISOString();

/**
 * Writes the account's new state. A limit or suspension already in place is a conflict (two
 * admins acted at once, or the page was stale); lifting one that is not there is a bad request.
 */
export async function applyAccountChange(ctx: ServerContext, trx: Trx, account: Account, action: AccountChange, reason: string, at: string): Promise<void> {
  const set = (values: Parameters<typeof updateAccountState>[2]) => updateAccountState(trx, account.uid, values);
  switch (action) {
    case 'note':
      return;
    case 'warn':
      await set({ warnedAt: at, warning: reason });
      await sendNotice(ctx, trx, account.uid, REPORT_TEXTS.warningNotification(reason), at);
      return;
    case 'limit':
      if (account.limitedAt) throw conflict(REPORT_TEXTS.alreadyLimited);
      await set({ limitedAt: at });
      return;
    case 'unlimit':
      if (!account.limitedAt) throw badRequest(REPORT_TEXTS.notLimited);
      await set({ limitedAt: null });
      return;
    case 'suspend': {
      if (account.suspendedAt) throw conflict(REPORT_TEXTS.alreadySuspended);
      // A pending self-deletion keeps its earlier date: a suspension never postpones it.
      const grace = plusDays(at, GRACE_DAYS);
      const deleteAfter = account.deleteAfter && account.deleteAfter < grace ? account.deleteAfter : grace;
      await set({ suspendedAt: at, deleteAfter });
      return;
    }
    case 'unsuspend':
      if (!account.suspendedAt) throw badRequest(REPORT_TEXTS.notSuspended);
      if (account.deleteAfter && account.deleteAfter <= at) throw conflict(REPORT_TEXTS.graceOver);
      // Back to the self-deletion date when the person had asked for one, else no deletion at all.
      await set({ suspendedAt: null, deleteAfter: account.deactivatedAt ? plusDays(account.deactivatedAt, GRACE_DAYS) : null });
      return;
  }
}

export interface ActionRecord {
  caseId: string | null;
  targetUid: string;
  action: ModerationActionType;
  reason: string;
  at: string;
  /** A resolve's outcome. */
  outcome?: CaseOutcome;
  /** What a removal took down, as a label. */
  subject?: string;
}

/** The moderationActions row and the adminLogs entry, in the change's transaction. */
export async function recordAction(trx: Trx, admin: SessionUser, record: ActionRecord, details: Record<string, unknown> = {}): Promise<void> {
  await insertModerationAction(trx, {
    id: newId(),
    caseId: record.caseId,
    targetUid: record.targetUid,
    action: record.action,
    reason: record.reason,
    adminUid: admin.uid,
    created_at: record.at,
    outcome: record.outcome ?? null,
    subject: record.subject ?? null,
  });
  await insertAdminLog(trx, {
    admin: logUserOf(admin),
    action: `moderation_${record.action}`,
    target: record.caseId ? `moderationCases/${record.caseId}` : `users/${record.targetUid}`,
    details: { targetUid: record.targetUid, caseId: record.caseId, reason: record.reason, ...details },
  });
}
