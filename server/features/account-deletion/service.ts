import { profileImageKey } from '../avatars';
import type { Transaction } from 'kysely';
import { GRACE_DAYS } from '@common/moderation/moderation';
import { YOUR_DATA_TEXTS, type DeletionState } from '@common/your-data/your-data';
import type { UserRecord } from '@common/me/user';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { badRequest, conflict, notFound } from '../../http/errors';
import { changeAccountState } from '../../shared/account-state';
import { anotherAdminStays } from '../../shared/admins';
import { startLeaving, USER_ROWS, type DeletionCounts } from '../../shared/owned-rows';
import { findUser } from '../../shared/users';
import { insertAdminLog, insertSystemLog, recordActivity, type LogUser } from '../../shared/audit-log';
import type { Actor } from '../../shared/actor';
import { recordProfileCounts } from '../follows';
import { recordStoryCounts } from '../stories';
import { accountDeletionScheduledMessage } from '../../email/templates';
import { dueAccountUids, findDeletionDates, findLogUser, lockUser, recountFollowCounts, recountStoryReactionsAndComments, setDeletionDates } from './queries';

type Trx = Transaction<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;

function stateOf(row: { deactivatedAt: string | null; deleteAfter: string | null }): DeletionState | null {
  return row.deactivatedAt !== null && row.deleteAfter !== null ? { deactivatedAt: row.deactivatedAt, deleteAfter: row.deleteAfter } : null;
}

/** GET /api/account/deletion. */
export async function deletionState(ctx: ServerContext, uid: string): Promise<DeletionState | null> {
  const row = await findDeletionDates(ctx.db, uid);
  return row ? stateOf(row) : null;
}

/**
 * POST /api/account/deletion: deactivates the account at once (every session ends, profile
 * and stories disappear) and deletes it GRACE_DAYS later unless cancelled. Asking again while
 * deactivated keeps the first date: the grace period is not pushed back.
 */
export async function requestDeletion(ctx: ServerContext, actor: Actor, typedEmail: string, now = new Date()): Promise<DeletionState> {
  const { uid } = actor.user;
  const { state, scheduled, email, name, timeZone } = await changeAccountState(ctx, uid, 'deactivated', async (trx) => {
    const row = await lockUser(trx, ctx.dialect, uid);
    if (!row || row.deletedAt !== null) throw notFound('User not found');
    if (typedEmail.trim().toLowerCase() !== row.email.trim().toLowerCase()) throw badRequest(YOUR_DATA_TEXTS.deleteEmailMismatch);
    const existing = stateOf(row);
    if (existing) return { state: existing, scheduled: false, email: row.email, name: row.displayName ?? '', timeZone: row.timezone };
    if (row.admin === 1 && !(await anotherAdminStays(trx, ctx.dialect, uid))) throw conflict(YOUR_DATA_TEXTS.onlyAdmin);
    const next: DeletionState = { deactivatedAt: now.toISOString(), deleteAfter: new Date(now.getTime() + GRACE_DAYS * DAY_MS).toISOString() };
    await setDeletionDates(trx, uid, next);
    return { state: next, scheduled: true, email: row.email, name: row.displayName ?? '', timeZone: row.timezone };
  });
  if (scheduled) {
    // No content in the log: when, and nothing the person wrote.
    await recordActivity(ctx.db, ctx.logger, {
      type: 'account_deletion_requested',
      action: 'deactivate',
      user: { uid, displayName: actor.user.displayName, email: actor.user.email },
      resource: `users/${uid}`,
      details: { deleteAfter: state.deleteAfter },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    // Queued, not sent here: the mail server being down neither undoes the deactivation nor loses the email.
    // The date as the deletion screen shows it: the browser's language, the zone it reported.
    const message = accountDeletionScheduledMessage({
      to: email,
      name,
      deleteAfter: new Date(state.deleteAfter),
      publicUrl: ctx.config.publicUrl,
      locale: actor.locale ?? null,
      timeZone: timeZone ?? null,
    });
    await ctx.emails.enqueue(message);
  }
  return state;
}

/** DELETE /api/account/deletion, "Cancel deletion": the account is back as it was. */
export async function cancelDeletion(ctx: ServerContext, actor: Actor): Promise<UserRecord> {
  const { uid } = actor.user;
  const cancelled = await changeAccountState(ctx, uid, null, async (trx) => {
    const row = await lockUser(trx, ctx.dialect, uid);
    if (!row || row.deletedAt !== null) throw notFound('User not found');
    if (row.deactivatedAt === null && row.deleteAfter === null) return false;
    // A suspended account keeps its own deleteAfter: only the person's own request is undone.
    const deleteAfter = row.suspendedAt !== null ? row.deleteAfter : null;
    await setDeletionDates(trx, uid, { deactivatedAt: null, deleteAfter });
    return true;
  });
  if (cancelled) {
    await recordActivity(ctx.db, ctx.logger, {
      type: 'account_deletion_cancelled',
      action: 'reactivate',
      user: { uid, displayName: actor.user.displayName, email: actor.user.email },
      resource: `users/${uid}`,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
  }
  const user = await findUser(ctx.db, uid);
  if (!user) throw notFound('User not found');
  return user;
}

/**
 * Deletes an account for good (by.adminUid null: the person themselves, or their grace period
 * ended). One transaction behind the users row's lock; safe to run twice or concurrently:
 * a second run finds the tombstone and does nothing.
 */
export async function deleteAccountNow(ctx: ServerContext, uid: string, by: { adminUid: string | null; reason: string }): Promise<void> {
  await deleteAccount(ctx, uid, by, null);
}

/**
 * The deletion itself; with `dueBy`, only when the account is still due then (checked under the
 * lock: a "Cancel deletion" that commits first wins). Answers whether this call deleted it.
 */
async function deleteAccount(ctx: ServerContext, uid: string, by: { adminUid: string | null; reason: string }, dueBy: Date | null): Promise<boolean> {
  // Sessions end only when this call deletes: a purge that lost the race to "Cancel deletion"
  // must not sign the person out.
  const deleted = await changeAccountState(ctx, uid, (erased) => (erased ? 'deleted' : null), async (trx) => {
    const row = await lockUser(trx, ctx.dialect, uid);
    if (!row || row.deletedAt !== null) return false;
    if (dueBy && !isDue(row, dueBy)) return false;
    const counts = await eraseAccount(ctx, trx, uid, new Date().toISOString());
    await logDeletion(ctx, trx, uid, by, counts);
    return true;
  });
  if (!deleted) return false;
  // After commit: a failed delete of the object leaves an orphan file, never a half-deleted account.
  try {
    await ctx.storage.delete(profileImageKey(uid));
  } catch (err) {
    ctx.logger.error({ err, uid }, 'could not delete the profile image of a deleted account');
  }
  return true;
}

function isDue(row: { deleteAfter: string | null; deactivatedAt: string | null; suspendedAt: string | null }, now: Date): boolean {
  return row.deleteAfter !== null && row.deleteAfter <= now.toISOString() && (row.deactivatedAt !== null || row.suspendedAt !== null);
}

/**
 * Walks every feature's rows of the person (shared/owned-rows.ts USER_ROWS, in order), then
 * recounts what other people's stories and profiles show, from the rows that remain.
 */
async function eraseAccount(ctx: ServerContext, trx: Trx, uid: string, now: string): Promise<DeletionCounts> {
  const leaving = startLeaving(uid, now);
  for (const rows of USER_ROWS) await rows.erase(trx, leaving);

  // Exact counts from the rows that remain, and the open tabs hear them.
  for (const storyId of leaving.touchedStories) {
    await recountStoryReactionsAndComments(trx, storyId);
    await recordStoryCounts(ctx, trx, storyId);
  }
  for (const other of leaving.touchedPeople) {
    await recountFollowCounts(trx, other);
  }
  if (leaving.touchedPeople.size > 0) await recordProfileCounts(ctx, trx, [...leaving.touchedPeople]);
  return { ...leaving.counts, storiesRecounted: leaving.touchedStories.size };
}

/** One entry, counts only: by an admin in adminLogs, else in systemLogs. */
async function logDeletion(ctx: ServerContext, trx: Trx, uid: string, by: { adminUid: string | null; reason: string }, counts: DeletionCounts) {
  const details = { uid, reason: by.reason, ...counts };
  if (by.adminUid) {
    const admin = await findLogUser(trx, by.adminUid);
    const who: LogUser = admin ?? { uid: by.adminUid, displayName: null, email: '' };
    await insertAdminLog(trx, { admin: who, action: 'account_deleted', target: `users/${uid}`, details });
    return;
  }
  await insertSystemLog(trx, {
    type: 'account_deleted',
    action: 'delete',
    user: { uid, displayName: null, email: '' },
    resource: `users/${uid}`,
    details,
  });
}

/**
 * Deletes every account whose grace period ended by `now` (deactivated by the person, or
 * suspended and not lifted); answers how many. One account per transaction, so one failure
 * does not hold back the rest; the next tick retries it.
 */
export async function purgeDueAccounts(ctx: ServerContext, now: Date): Promise<number> {
  const due = await dueAccountUids(ctx.db, now.toISOString());
  let deleted = 0;
  for (const { uid } of due) {
    try {
      if (await deleteAccount(ctx, uid, { adminUid: null, reason: 'grace_period_ended' }, now)) deleted++;
    } catch (err) {
      ctx.logger.error({ err, uid }, 'could not delete an account whose grace period ended');
    }
  }
  return deleted;
}
