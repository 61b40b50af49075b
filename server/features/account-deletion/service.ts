import { profileImageKey } from '../avatars';
import { sql, type Transaction } from 'kysely';
import { GRACE_DAYS } from '@common/moderation';
import { MESSAGE_TEXTS } from '@common/conversations';
import { YOUR_DATA_TEXTS, type DeletionState } from '@common/your-data';
import type { UserRecord } from '@common/user';
import type { ServerContext } from '../../context';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/types';
import { toDbBool } from '../../db/bool';
import { badRequest, conflict, notFound } from '../../http/errors';
import { changeAccountState } from '../../shared/account-state';
import { anotherAdminStays } from '../../shared/admins';
import { findUser } from '../../shared/users';
import { insertAdminLog, insertSystemLog, recordActivity, type LogUser } from '../../shared/audit-log';
import type { Actor } from '../../shared/actor';
import { recordProfileCounts } from '../follows';
import { recordStoryCounts } from '../stories';
import { accountDeletionScheduledMessage } from '../../email/templates';
import { forUpdate } from '../../db/locks';

type Trx = Transaction<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Locks the users row for the rest of the transaction, so a request, a cancel and the purge
 * of one account run one after the other. SQLite transactions here begin IMMEDIATE (one
 * writer at a time), so the plain read is already serialised there.
 */
function lockUser(trx: Trx, dialect: Dialect, uid: string) {
  return trx
    .selectFrom('users')
    .select(['uid', 'email', 'displayName', 'admin', 'deactivatedAt', 'deleteAfter', 'suspendedAt', 'deletedAt', 'profileImage', 'timezone'])
    .where('uid', '=', uid)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
}

function stateOf(row: { deactivatedAt: string | null; deleteAfter: string | null }): DeletionState | null {
  return row.deactivatedAt !== null && row.deleteAfter !== null ? { deactivatedAt: row.deactivatedAt, deleteAfter: row.deleteAfter } : null;
}

/** GET /api/account/deletion. */
export async function deletionState(ctx: ServerContext, uid: string): Promise<DeletionState | null> {
  const row = await ctx.db.selectFrom('users').select(['deactivatedAt', 'deleteAfter']).where('uid', '=', uid).executeTakeFirst();
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
    await trx.updateTable('users').set(next).where('uid', '=', uid).execute();
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
    await trx.updateTable('users').set({ deactivatedAt: null, deleteAfter }).where('uid', '=', uid).execute();
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

/** What a deletion removed or changed, for the log (counts only, never content). */
interface DeletionCounts {
  stories: number;
  commentsBlanked: number;
  messagesDeleted: number;
  reactions: number;
  favorites: number;
  follows: number;
  featureRequests: number;
  storiesRecounted: number;
}

const n = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint } | undefined) =>
  Number(result?.numDeletedRows ?? result?.numUpdatedRows ?? 0n);

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

async function eraseAccount(ctx: ServerContext, trx: Trx, uid: string, now: string): Promise<DeletionCounts> {
  // Other people's stories whose counts this account is part of: recounted once its rows are gone.
  const touchedStories = new Set<string>();
  const reacted = await trx.selectFrom('storyReactions as r').innerJoin('stories as s', 's.id', 'r.storyId').select('r.storyId').where('r.uid', '=', uid).where('s.uid', '!=', uid).distinct().execute();
  const commented = await trx.selectFrom('storyComments as c').innerJoin('stories as s', 's.id', 'c.storyId').select('c.storyId').where('c.uid', '=', uid).where('s.uid', '!=', uid).distinct().execute();
  for (const r of [...reacted, ...commented]) touchedStories.add(r.storyId);

  // The people whose follow counts move.
  const followed = await trx.selectFrom('follows').select('followeeUid as uid').where('followerUid', '=', uid).execute();
  const followers = await trx.selectFrom('follows').select('followerUid as uid').where('followeeUid', '=', uid).execute();
  const touchedPeople = new Set([...followed, ...followers].map((r) => r.uid).filter((other) => other !== uid));

  // Their stories, and everything hanging off them (explicitly: no cascade is relied on).
  const ownStories = (await trx.selectFrom('stories').select('id').where('uid', '=', uid).execute()).map((r) => r.id);
  for (const ids of chunks(ownStories)) {
    for (const table of ['storyReactions', 'storyComments', 'storyViews', 'userFavorites', 'storyVersions'] as const) {
      await trx.deleteFrom(table).where('storyId', 'in', ids).execute();
    }
  }
  const stories = n(await trx.deleteFrom('stories').where('uid', '=', uid).executeTakeFirst());

  const reactions = n(await trx.deleteFrom('storyReactions').where('uid', '=', uid).executeTakeFirst());
  const favorites = n(await trx.deleteFrom('userFavorites').where('uid', '=', uid).executeTakeFirst());
  const commentsBlanked = n(
    await trx.updateTable('storyComments').set({ text: YOUR_DATA_TEXTS.deletedComment }).where('uid', '=', uid).executeTakeFirst(),
  );
  const follows = n(await trx.deleteFrom('follows').where((eb) => eb.or([eb('followerUid', '=', uid), eb('followeeUid', '=', uid)])).executeTakeFirst());
  await trx.deleteFrom('followRequests').where((eb) => eb.or([eb('requesterUid', '=', uid), eb('targetUid', '=', uid)])).execute();
  await trx.deleteFrom('blocks').where((eb) => eb.or([eb('blockerUid', '=', uid), eb('blockedUid', '=', uid)])).execute();
  await trx.deleteFrom('mutes').where((eb) => eb.or([eb('muterUid', '=', uid), eb('mutedUid', '=', uid)])).execute();
  await trx.deleteFrom('feedMarkers').where('uid', '=', uid).execute();
  await trx.deleteFrom('writingDays').where('uid', '=', uid).execute();
  await trx.deleteFrom('userBadges').where('uid', '=', uid).execute();
  await trx.deleteFrom('challenges').where('uid', '=', uid).execute();

  // Notifications to them go; in other people's, they are no longer one of the actors, and a
  // notification about them alone goes with them.
  const own = trx.selectFrom('notifications').select('id').where('to', '=', uid);
  await trx.deleteFrom('notificationActors').where('notificationId', 'in', own).execute();
  await trx.deleteFrom('notifications').where('to', '=', uid).execute();
  const actedIn = (await trx.selectFrom('notificationActors').select('notificationId').where('actorUid', '=', uid).execute()).map((r) => r.notificationId);
  await trx.deleteFrom('notificationActors').where('actorUid', '=', uid).execute();
  for (const ids of chunks(actedIn)) {
    await trx
      .deleteFrom('notifications')
      .where('id', 'in', ids)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('notificationActors as a').select('a.notificationId').whereRef('a.notificationId', '=', 'notifications.id'))))
      .execute();
  }
  await trx.deleteFrom('pendingEmails').where('uid', '=', uid).execute();
  await trx.deleteFrom('notificationEmails').where('uid', '=', uid).execute();
  await trx.deleteFrom('liveStreams').where('uid', '=', uid).execute();
  await trx.deleteFrom('accountTokens').where('uid', '=', uid).execute();
  await trx.deleteFrom('conversationMessageHides').where('uid', '=', uid).execute();

  // Messages they sent read "Message deleted" for the other person; a feature request's own
  // text (its first message) stays, under "Deleted user".
  const lastOfTheirs = await trx
    .selectFrom('conversations as c')
    .innerJoin('conversationMessages as m', (join) => join.onRef('m.conversationId', '=', 'c.id').onRef('m.created_at', '=', 'c.lastMessageAt'))
    .select('c.id')
    .where('m.from', '=', uid)
    .where('m.isFeatureRequest', '=', toDbBool(false))
    .execute();
  const messagesDeleted = n(
    await trx
      .updateTable('conversationMessages')
      .set({ text: '', deletedAt: now })
      .where('from', '=', uid)
      .where('isFeatureRequest', '=', toDbBool(false))
      .where('deletedAt', 'is', null)
      .executeTakeFirst(),
  );
  for (const ids of chunks(lastOfTheirs.map((r) => r.id))) {
    await trx.updateTable('conversations').set({ lastMessage: MESSAGE_TEXTS.deleted }).where('id', 'in', ids).execute();
  }
  const featureRequests = n(
    await trx.updateTable('featureRequests').set({ userDisplayName: YOUR_DATA_TEXTS.deletedUser, userEmail: '' }).where('userUid', '=', uid).executeTakeFirst(),
  );

  // Exact counts from the rows that remain, and the open tabs hear them.
  for (const storyId of touchedStories) {
    await trx
      .updateTable('stories')
      .set((eb) => ({
        likesCount: eb.selectFrom('storyReactions').select((e) => e.fn.countAll<number>().as('n')).where('storyId', '=', storyId),
        commentsCount: eb.selectFrom('storyComments').select((e) => e.fn.countAll<number>().as('n')).where('storyId', '=', storyId),
      }))
      .where('id', '=', storyId)
      .execute();
    await recordStoryCounts(ctx, trx, storyId);
  }
  for (const other of touchedPeople) {
    await trx
      .updateTable('users')
      .set((eb) => ({
        followersCount: eb.selectFrom('follows').select((e) => e.fn.countAll<number>().as('n')).where('followeeUid', '=', other),
        followingCount: eb.selectFrom('follows').select((e) => e.fn.countAll<number>().as('n')).where('followerUid', '=', other),
      }))
      .where('uid', '=', other)
      .execute();
  }
  if (touchedPeople.size > 0) await recordProfileCounts(ctx, trx, [...touchedPeople]);

  // better-auth's rows, so the address can sign up afresh (a new account, a new uid).
  const email = (await trx.selectFrom('authUsers').select('email').where('id', '=', uid).executeTakeFirst())?.email;
  await trx.deleteFrom('authSessions').where('userId', '=', uid).execute();
  await trx.deleteFrom('authAccounts').where('userId', '=', uid).execute();
  if (email) await sql`delete from ${sql.table('authVerifications')} where ${sql.ref('identifier')} = ${email}`.execute(trx);
  await trx.deleteFrom('authUsers').where('id', '=', uid).execute();

  // The tombstone: the row stays so comments, messages and conversations still point at someone.
  await trx
    .updateTable('users')
    .set({
      name: `deleted-${uid.slice(0, 8)}`,
      email: `deleted-${uid}@invalid`,
      first: '',
      last: '',
      displayName: YOUR_DATA_TEXTS.deletedUser,
      profileImage: null,
      profileIcon: 'User',
      colorTheme: 'blue',
      themeMode: null,
      darkMode: null,
      admin: toDbBool(false),
      emailVerified: toDbBool(false),
      streak: 0,
      bestStreak: 0,
      streakFreezes: 0,
      reminderAt: null,
      aboutMe: '',
      pronouns: '',
      bio: '',
      location: '',
      website: '',
      bluesky: '',
      xcom: '',
      reddit: '',
      timezone: null,
      followersCount: 0,
      followingCount: 0,
      notificationPrefs: null,
      warning: null,
      deactivatedAt: null,
      deleteAfter: null,
      lastExportAt: null,
      deletedAt: now,
    })
    .where('uid', '=', uid)
    .execute();

  return { stories, commentsBlanked, messagesDeleted, reactions, favorites, follows, featureRequests, storiesRecounted: touchedStories.size };
}

/** One entry, counts only: by an admin in adminLogs, else in systemLogs. */
async function logDeletion(ctx: ServerContext, trx: Trx, uid: string, by: { adminUid: string | null; reason: string }, counts: DeletionCounts) {
  const details = { uid, reason: by.reason, ...counts };
  if (by.adminUid) {
    const admin = await trx.selectFrom('users').select(['uid', 'displayName', 'email']).where('uid', '=', by.adminUid).executeTakeFirst();
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

/** Long id lists go in slices, under every database's limit on bound parameters. */
function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Deletes every account whose grace period ended by `now` (deactivated by the person, or
 * suspended and not lifted); answers how many. One account per transaction, so one failure
 * does not hold back the rest; the next tick retries it.
 */
export async function purgeDueAccounts(ctx: ServerContext, now: Date): Promise<number> {
  const due = await ctx.db
    .selectFrom('users')
    .select('uid')
    .where('deletedAt', 'is', null)
    .where('deleteAfter', 'is not', null)
    .where('deleteAfter', '<=', now.toISOString())
    .where((eb) => eb.or([eb('deactivatedAt', 'is not', null), eb('suspendedAt', 'is not', null)]))
    .execute();
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
