import { ACCOUNT_ACTIONS, REPORT_TEXTS, type AccountAction, type CaseAction } from '@common/moderation/moderation';
import { forbidden } from '../http/errors';
import { adminAny, assertSignedIn, own, type AdminViewer, type Viewer } from './viewer';

/**
 * Moderation: who may read the queue and act on cases and accounts. Every rule is
 * admin-any; on top of that, nobody acts on their own account, and the owner account (the
 * ADMIN_EMAIL one) cannot be limited, suspended or deleted by another admin. Warnings and
 * notes on the owner stay possible: they change nothing about the account.
 */
export type ModerationAction = 'viewQueue' | 'actOnCase' | 'viewUsers' | 'actOnUser' | 'removeContent';

const rules: Record<ModerationAction, (viewer: Viewer) => boolean> = {
  viewQueue: adminAny,
  actOnCase: adminAny,
  viewUsers: adminAny,
  actOnUser: adminAny,
  removeContent: adminAny,
};

/** 401 for a guest, 403 'Admins only.' for everyone else who is not an admin. */
export function authorizeModeration(viewer: Viewer, action: ModerationAction): asserts viewer is AdminViewer {
  assertSignedIn(viewer);
  if (!rules[action](viewer)) throw forbidden('Admins only.');
}

/** The account an action is aimed at, as the rules see it. */
export interface ModerationTarget {
  uid: string;
  /** The ADMIN_EMAIL account. */
  owner: boolean;
  limitedAt: string | null;
  suspendedAt: string | null;
}

/** Actions that change what the account can do: the owner is protected from these. */
const SANCTIONS: ReadonlySet<AccountAction> = new Set(['limit', 'suspend', 'delete']);

/**
 * Why this admin may not take this account action on this person, or null when they may.
 * State (already limited, not suspended…) is not a permission: the service refuses those with 409/400.
 */
export function accountActionRefusal(viewer: AdminViewer, target: ModerationTarget, action: AccountAction): string | null {
  if (target.uid === viewer.uid) return REPORT_TEXTS.selfAction;
  if (target.owner && SANCTIONS.has(action)) return REPORT_TEXTS.ownerProtected;
  return null;
}

export function authorizeAccountAction(viewer: Viewer, target: ModerationTarget, action: AccountAction): asserts viewer is AdminViewer {
  authorizeModeration(viewer, 'actOnUser');
  const refusal = accountActionRefusal(viewer, target, action);
  if (refusal) throw forbidden(refusal);
}

/** A case action that touches the reported person's account, as the account action it amounts to. */
export function accountActionOf(action: CaseAction): 'warn' | 'limit' | 'suspend' | null {
  return action === 'warn' || action === 'limit' || action === 'suspend' ? action : null;
}

/** Dismiss and remove content touch no account; warn, limit and suspend follow the account rules. */
export function authorizeCaseAction(viewer: Viewer, target: ModerationTarget, action: CaseAction): asserts viewer is AdminViewer {
  authorizeModeration(viewer, 'actOnCase');
  const account = accountActionOf(action);
  if (account) authorizeAccountAction(viewer, target, account);
}

/**
 * What the user page offers this admin (the UI shows exactly these): the rules above, and
 * the account's state (lift a limit only when limited, a suspension only while it can be).
 */
export function allowedAccountActions(viewer: AdminViewer, target: ModerationTarget & { deleteAfter: string | null }, now: Date): AccountAction[] {
  const stateAllows: Record<AccountAction, boolean> = {
    warn: true,
    note: true,
    limit: target.limitedAt === null,
    unlimit: target.limitedAt !== null,
    suspend: target.suspendedAt === null,
    unsuspend: target.suspendedAt !== null && (target.deleteAfter === null || Date.parse(target.deleteAfter) > now.getTime()),
    delete: true,
  };
  return ACCOUNT_ACTIONS.filter((a) => stateAllows[a] && accountActionRefusal(viewer, target, a) === null);
}

/**
 * Removing a story or comment straight from its page or the user's page: admin-any,
 * but not one's own (an admin deletes their own the ordinary way, without a moderation record).
 * Stories and comments carry the answer as `permissions.remove`, so the UI offers exactly this.
 */
export const removableBy = (viewer: Viewer, record: { uid: string }): boolean => adminAny(viewer) && !own(viewer, record);

/** 401 for a guest, 403 'Admins only.' for a writer, 403 REPORT_TEXTS.removeOwn for an admin's own content. */
export function authorizeContentRemoval(viewer: Viewer, record: { uid: string }): asserts viewer is AdminViewer {
  authorizeModeration(viewer, 'removeContent');
  if (!removableBy(viewer, record)) throw forbidden(REPORT_TEXTS.removeOwn);
}
