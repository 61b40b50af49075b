import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../../db/types';
import type { Dialect } from '../../../db/database';
import { toDbBool } from '../../../db/bool';
import { forUpdate } from '../../../db/locks';

/*
 * A writer's notification rows as stored: what notify.ts, self.ts, prefs.ts and the readers
 * (queries.ts) read and write, each in its caller's transaction.
 */

type Db = Kysely<Database>;

/** The writer's stored preferences JSON, null when they never chose. */
export async function findNotificationPrefsJson(db: Db, uid: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('notificationPrefs').where('uid', '=', uid).executeTakeFirst();
  return row?.notificationPrefs;
}

/** The writer's row locked, with what the streak reminder's next time is worked out from. */
export function lockUserForPrefs(trx: Db, dialect: Dialect, uid: string) {
  return trx.selectFrom('users').select(['uid', 'timezone', 'reminderAt']).where('uid', '=', uid).$call(forUpdate(dialect)).executeTakeFirst();
}

export async function updateNotificationPrefsRow(trx: Db, uid: string, prefsJson: string, reminderAt: string | null): Promise<void> {
  await trx.updateTable('users').set({ notificationPrefs: prefsJson, reminderAt }).where('uid', '=', uid).execute();
}

/** Whether the addressee has an account and whether it is deleted. */
export function findAddressee(trx: Db, uid: string) {
  return trx.selectFrom('users').select(['uid', 'deletedAt']).where('uid', '=', uid).executeTakeFirst();
}

/** Whether `muterUid` has muted `mutedUid` at `at` (a mute that has ended no longer counts). */
export async function isMutedAt(trx: Db, muterUid: string, mutedUid: string, at: string): Promise<boolean> {
  const muted = await trx
    .selectFrom('mutes')
    .select('mutedUid')
    .where('muterUid', '=', muterUid)
    .where('mutedUid', '=', mutedUid)
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', at)]))
    .executeTakeFirst();
  return muted !== undefined;
}

/** Whether `followerUid` follows `followeeUid`. */
export async function follows(trx: Db, followerUid: string, followeeUid: string): Promise<boolean> {
  const row = await trx.selectFrom('follows').select('followeeUid').where('followerUid', '=', followerUid).where('followeeUid', '=', followeeUid).executeTakeFirst();
  return row !== undefined;
}

/**
 * Serializes writes to one addressee's group until commit (PostgreSQL; SQLite's write
 * transactions already run one at a time), so two causes at once join one row instead of
 * making two. An advisory lock on (addressee, group), not the addressee's users row: callers
 * already hold story or user rows in their own order (a reaction holds the story, a block both
 * writers), and taking the users row late would deadlock against a transaction that took them
 * the other way round. The causes of one group already queue on the same first lock (the
 * story's row for reactions and favourites, the followee's row for follows), so this lock
 * never waits while its holder waits for another.
 */
export async function lockGroup(trx: Db, dialect: Dialect, uid: string, groupKey: string): Promise<boolean> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtextextended(${`notify:${uid}:${groupKey}`}, 0))`.execute(trx);
  const row = await trx.selectFrom('users').select('uid').where('uid', '=', uid).executeTakeFirst();
  return row !== undefined;
}

export async function countUnreadNotifications(db: Db, uid: string): Promise<number> {
  const row = await visibleNotifications(db, uid)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('read', '=', toDbBool(false))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The writer's visible unread notifications of these types (the weekly digest's "replies waiting"). */
export async function countUnreadNotificationsOfTypes(db: Db, uid: string, types: readonly string[]): Promise<number> {
  if (types.length === 0) return 0;
  const row = await visibleNotifications(db, uid)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('read', '=', toDbBool(false))
    .where('type', 'in', types)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the notification is one of the writer's visible rows and still unread. */
export async function isNotificationUnread(db: Db, uid: string, id: string): Promise<boolean> {
  const row = await visibleNotifications(db, uid).select('id').where('id', '=', id).where('read', '=', toDbBool(false)).executeTakeFirst();
  return row !== undefined;
}

/**
 * A writer's notifications as their list and bell count them. What is gone takes its rows
 * out of sight: a deleted story (every story type links to '/story/<id>'), and a row whose
 * people have all left or are blocked either way. The rows stay but are never shown or
 * counted, so deleting a story or an account, or blocking someone, needs nothing from this
 * feature, and unblocking brings them back as they were.
 */
export function visibleNotifications(db: Db, uid: string) {
  return db
    .selectFrom('notifications')
    .where('to', '=', uid)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('notificationActors as a')
          .innerJoin('users as au', 'au.uid', 'a.actorUid')
          .select('a.actorUid')
          .whereRef('a.notificationId', '=', 'notifications.id')
          .where(notBlockedWith(uid, 'a.actorUid')),
      ),
    )
    .where((eb) =>
      eb.or([
        eb.not(eb('link', 'like', `${STORY_LINK}%`)),
        // The streak reminder leads to the editor, not to a story.
        eb('link', '=', `${STORY_LINK}new`),
        // A moderators' notice names what it is about in its own words: it stays when that story goes.
        eb('type', '=', 'moderation'),
        eb.exists(eb.selectFrom('stories').select('stories.id').where('stories.id', '=', sql<string>`substr(${sql.ref('notifications.link')}, ${STORY_LINK.length + 1})`)),
      ]),
    );
}

const STORY_LINK = '/story/';

/**
 * No block stands between `uid` and the actor in column `actor` (either way): a blocked
 * writer's part in a notification is out of sight while the block lasts.
 */
export function notBlockedWith(uid: string, actor: string) {
  const blocker = sql.ref('bl.blockerUid');
  const blocked = sql.ref('bl.blockedUid');
  const other = sql.ref(actor);
  return sql<SqlBool>`not exists (select 1 from ${sql.table('blocks')} as bl where (${blocker} = ${uid} and ${blocked} = ${other}) or (${blocked} = ${uid} and ${blocker} = ${other}))`;
}

/** A notification row as `insertNotification` writes it. */
export interface NewNotification {
  id: string;
  /** A uid, or 'admin' for the admins' shared list. */
  to: string;
  type: string;
  message: string;
  link: string;
  at: string;
  /** Stored as JSON. */
  data: Record<string, unknown>;
  /**
   * A writer's row: its group key and its first actor, and it is listed by when it last
   * changed. Null for a row of the admins' list (a new suggestion), which has neither and is
   * listed by when it was made.
   */
  group: { key: string; actorUid: string } | null;
}

/**
 * The one writer of notification rows: `notify`, `notifySelf` (self.ts) and a new suggestion
 * (feature-requests) all insert through here, in their caller's transaction.
 */
export async function insertNotification(trx: Db, row: NewNotification): Promise<void> {
  await trx
    .insertInto('notifications')
    .values({
      id: row.id,
      to: row.to,
      type: row.type,
      message: row.message,
      link: row.link,
      read: toDbBool(false),
      created_at: row.at,
      ...(row.group ? { updated_at: row.at, groupKey: row.group.key } : {}),
      data: JSON.stringify(row.data),
    })
    .execute();
  if (row.group) await trx.insertInto('notificationActors').values({ notificationId: row.id, actorUid: row.group.actorUid, created_at: row.at }).execute();
}

/** The addressee's newest row of this group made since `since`, if any. */
export function findOpenGroup(trx: Db, to: string, groupKey: string, since: string) {
  return trx
    .selectFrom('notifications')
    .select('id')
    .where('to', '=', to)
    .where('groupKey', '=', groupKey)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Adds the actor to the row unless they are already in it; answers whether they were added. */
export async function insertActor(trx: Db, notificationId: string, actorUid: string, at: string): Promise<boolean> {
  const joined = await trx
    .insertInto('notificationActors')
    .values({ notificationId, actorUid, created_at: at })
    .onConflict((oc) => oc.columns(['notificationId', 'actorUid']).doNothing())
    .returning('actorUid')
    .execute();
  return joined.length > 0;
}

/** The row becomes unread again and moves to the top. */
export async function markUnreadAndMoveUp(trx: Db, id: string, at: string): Promise<void> {
  await trx.updateTable('notifications').set({ read: toDbBool(false), updated_at: at }).where('id', '=', id).execute();
}

/** The ids of the addressee's rows with this group key. */
export async function notificationIdsOfGroup(trx: Db, to: string, groupKey: string): Promise<string[]> {
  const rows = await trx.selectFrom('notifications').select('id').where('to', '=', to).where('groupKey', '=', groupKey).execute();
  return rows.map((r) => r.id);
}

/** Takes the actor out of these rows; answers how many actor rows went. */
export async function deleteActor(trx: Db, ids: string[], actorUid: string): Promise<number> {
  const removed = await trx.deleteFrom('notificationActors').where('notificationId', 'in', ids).where('actorUid', '=', actorUid).executeTakeFirst();
  return Number(removed.numDeletedRows);
}

/** Deletes those of these rows nobody is left in. */
export async function deleteEmptyNotifications(trx: Db, ids: string[]): Promise<void> {
  await trx
    .deleteFrom('notifications')
    .where('id', 'in', ids)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('notificationActors as a').select('a.actorUid').whereRef('a.notificationId', '=', 'notifications.id'))))
    .execute();
}

/** Whether an email of this type about `ref` is already waiting for the person. */
export async function pendingEmailExists(trx: Db, email: { uid: string; type: string; ref: string }): Promise<boolean> {
  const waiting = await trx.selectFrom('pendingEmails').select('id').where('uid', '=', email.uid).where('type', '=', email.type).where('ref', '=', email.ref).executeTakeFirst();
  return waiting !== undefined;
}

export async function insertPendingEmail(trx: Db, email: { id: string; uid: string; type: string; ref: string; dueAt: string }): Promise<void> {
  await trx.insertInto('pendingEmails').values(email).execute();
}
