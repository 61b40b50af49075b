import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Dialect } from '../../db/database';
import { forUpdate } from '../../db/locks';

type Db = Kysely<Database>;

/**
 * Locks the users row for the rest of the transaction, so a request, a cancel and the purge
 * of one account run one after the other. SQLite transactions here begin IMMEDIATE (one
 * writer at a time), so the plain read is already serialised there.
 */
export function lockUser(trx: Db, dialect: Dialect, uid: string) {
  return trx
    .selectFrom('users')
    .select(['uid', 'email', 'displayName', 'admin', 'deactivatedAt', 'deleteAfter', 'suspendedAt', 'deletedAt', 'profileImage', 'timezone'])
    .where('uid', '=', uid)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
}

/** When the account was deactivated and is to be deleted, as stored. */
export function findDeletionDates(db: Db, uid: string) {
  return db.selectFrom('users').select(['deactivatedAt', 'deleteAfter']).where('uid', '=', uid).executeTakeFirst();
}

export async function setDeletionDates(db: Db, uid: string, dates: { deactivatedAt: string | null; deleteAfter: string | null }): Promise<void> {
  await db.updateTable('users').set(dates).where('uid', '=', uid).execute();
}

/** Recounts a story's likes and comments from the rows that remain. */
export async function recountStoryReactionsAndComments(db: Db, storyId: string): Promise<void> {
  await db
    .updateTable('stories')
    .set((eb) => ({
      likesCount: eb.selectFrom('storyReactions').select((e) => e.fn.countAll<number>().as('n')).where('storyId', '=', storyId),
      commentsCount: eb.selectFrom('storyComments').select((e) => e.fn.countAll<number>().as('n')).where('storyId', '=', storyId),
    }))
    .where('id', '=', storyId)
    .execute();
}

/** Recounts a person's followers and followings from the rows that remain. */
export async function recountFollowCounts(db: Db, uid: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      followersCount: eb.selectFrom('follows').select((e) => e.fn.countAll<number>().as('n')).where('followeeUid', '=', uid),
      followingCount: eb.selectFrom('follows').select((e) => e.fn.countAll<number>().as('n')).where('followerUid', '=', uid),
    }))
    .where('uid', '=', uid)
    .execute();
}

/** The admin as the audit log names them. */
export function findLogUser(db: Db, uid: string) {
  return db.selectFrom('users').select(['uid', 'displayName', 'email']).where('uid', '=', uid).executeTakeFirst();
}

/** The accounts whose grace period ended by `now` (deactivated by the person, or suspended and not lifted). */
export function dueAccountUids(db: Db, now: string) {
  return db
    .selectFrom('users')
    .select('uid')
    .where('deletedAt', 'is', null)
    .where('deleteAfter', 'is not', null)
    .where('deleteAfter', '<=', now)
    .where((eb) => eb.or([eb('deactivatedAt', 'is not', null), eb('suspendedAt', 'is not', null)]))
    .execute();
}

