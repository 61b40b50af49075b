import type { Kysely, Transaction } from 'kysely';
import type { Relationship } from '@common/follows/follows';
import type { Database } from '../../db/types';
import type { Dialect } from '../../db/database';
import { fromDbBool, toDbBool } from '../../db/bool';
import { readableBy } from '../../policy/readable-stories';
import type { Viewer } from '../../policy/viewer';
import { forUpdate } from '../../db/locks';

type Db = Kysely<Database> | Transaction<Database>;

/** The users row facts a follow write needs, read while the row is locked. */
export interface LockedUser {
  uid: string;
  followingCount: number;
  followersCount: number;
  approveFollowers: boolean;
}

/**
 * Locks both users' rows in uid order, so two writes between the same pair (or a follow
 * racing a block) queue instead of deadlocking. On SQLite BEGIN IMMEDIATE already
 * serializes writers, so the plain read is enough. Missing users are simply absent.
 */
export async function lockUsers(trx: Transaction<Database>, dialect: Dialect, uids: string[]): Promise<Map<string, LockedUser>> {
  const sorted = [...new Set(uids)].sort();
  const rows = await trx
    .selectFrom('users')
    .select(['uid', 'followingCount', 'followersCount', 'approveFollowers'])
    .where('uid', 'in', sorted)
    .orderBy('uid')
    .$call(forUpdate(dialect))
    .execute();
  return new Map(
    rows.map((row) => [
      row.uid,
      { uid: row.uid, followingCount: Number(row.followingCount), followersCount: Number(row.followersCount), approveFollowers: fromDbBool(row.approveFollowers) },
    ]),
  );
}

/** Adds `delta` to one user's followingCount and another's followersCount (a follow row appeared or went). */
export async function shiftCounts(trx: Transaction<Database>, followerUid: string, followeeUid: string, delta: 1 | -1): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ followingCount: eb('followingCount', delta > 0 ? '+' : '-', 1) }))
    .where('uid', '=', followerUid)
    .execute();
  await trx
    .updateTable('users')
    .set((eb) => ({ followersCount: eb('followersCount', delta > 0 ? '+' : '-', 1) }))
    .where('uid', '=', followeeUid)
    .execute();
}

/** Deletes the follow row follower → followee; true when there was one (counts changed with it). */
export async function deleteFollow(trx: Transaction<Database>, followerUid: string, followeeUid: string): Promise<boolean> {
  const gone = await trx
    .deleteFrom('follows')
    .where('followerUid', '=', followerUid)
    .where('followeeUid', '=', followeeUid)
    .returning('followerUid')
    .execute();
  if (gone.length === 0) return false;
  await shiftCounts(trx, followerUid, followeeUid, -1);
  return true;
}

/** Deletes a pending request; true when there was one. */
export async function deleteRequest(trx: Transaction<Database>, requesterUid: string, targetUid: string): Promise<boolean> {
  const gone = await trx
    .deleteFrom('followRequests')
    .where('requesterUid', '=', requesterUid)
    .where('targetUid', '=', targetUid)
    .returning('requesterUid')
    .execute();
  return gone.length > 0;
}

/**
 * Ends every follow and request between two writers, both ways, with exact counts: what a
 * block does inside its own transaction (which should hold both users' rows locked, see lockUsers).
 * True when a follow was removed, so the counts moved.
 */
export async function removeFollowsBetween(trx: Transaction<Database>, a: string, b: string): Promise<boolean> {
  const ab = await deleteFollow(trx, a, b);
  const ba = await deleteFollow(trx, b, a);
  await deleteRequest(trx, a, b);
  await deleteRequest(trx, b, a);
  return ab || ba;
}

/**
 * The follow button's state and the counts between the viewer and another writer
 * (relationshipSchema); a guest (null) has no follows, only the counts to see. `other` must
 * exist; callers check that (and blocks) first.
 */
export async function loadRelationship(db: Db, viewerUid: string | null, otherUid: string, now: string = new Date().toISOString()): Promise<Relationship> {
  const user = await db.selectFrom('users').select(['followersCount', 'followingCount', 'approveFollowers']).where('uid', '=', otherUid).executeTakeFirst();
  const counts = {
    followersCount: Number(user?.followersCount ?? 0),
    followingCount: Number(user?.followingCount ?? 0),
    approveFollowers: fromDbBool(user?.approveFollowers),
  };
  const none = { following: false, followedBy: false, requested: false, requestedBy: false, friends: false, blocking: false, muted: false, mutedUntil: null };
  if (viewerUid === null || viewerUid === otherUid) return { uid: otherUid, ...none, ...counts };
  const [follows, requests, block, mute] = await Promise.all([
    db
      .selectFrom('follows')
      .select(['followerUid', 'followeeUid'])
      .where((eb) =>
        eb.or([
          eb.and([eb('followerUid', '=', viewerUid), eb('followeeUid', '=', otherUid)]),
          eb.and([eb('followerUid', '=', otherUid), eb('followeeUid', '=', viewerUid)]),
        ]),
      )
      .execute(),
    db
      .selectFrom('followRequests')
      .select(['requesterUid', 'targetUid'])
      .where((eb) =>
        eb.or([
          eb.and([eb('requesterUid', '=', viewerUid), eb('targetUid', '=', otherUid)]),
          eb.and([eb('requesterUid', '=', otherUid), eb('targetUid', '=', viewerUid)]),
        ]),
      )
      .execute(),
    db.selectFrom('blocks').select('blockerUid').where('blockerUid', '=', viewerUid).where('blockedUid', '=', otherUid).executeTakeFirst(),
    db
      .selectFrom('mutes')
      .select('until')
      .where('muterUid', '=', viewerUid)
      .where('mutedUid', '=', otherUid)
      .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now)]))
      .executeTakeFirst(),
  ]);
  const following = follows.some((f) => f.followerUid === viewerUid);
  const followedBy = follows.some((f) => f.followerUid === otherUid);
  return {
    uid: otherUid,
    following,
    followedBy,
    requested: requests.some((r) => r.requesterUid === viewerUid),
    requestedBy: requests.some((r) => r.requesterUid === otherUid),
    friends: following && followedBy,
    blocking: block !== undefined,
    muted: mute !== undefined,
    mutedUntil: mute?.until ?? null,
    ...counts,
  };
}

/** How many follow requests `uid` has sent that are still pending. */
export async function countPendingRequests(trx: Db, uid: string): Promise<number> {
  const pending = await trx
    .selectFrom('followRequests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('requesterUid', '=', uid)
    .executeTakeFirstOrThrow();
  return Number(pending.n);
}

/** Asks to follow, once: a second ask changes nothing. */
export async function insertRequest(trx: Db, requesterUid: string, targetUid: string, now: string): Promise<void> {
  await trx
    .insertInto('followRequests')
    .values({ requesterUid, targetUid, created_at: now })
    .onConflict((oc) => oc.columns(['requesterUid', 'targetUid']).doNothing())
    .execute();
}

/** Inserts follower → followee once; answers whether the row is new. */
export async function insertFollowRow(trx: Db, followerUid: string, followeeUid: string, now: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('follows')
    .values({ followerUid, followeeUid, created_at: now })
    .onConflict((oc) => oc.columns(['followerUid', 'followeeUid']).doNothing())
    .returning('followerUid')
    .execute();
  return inserted.length > 0;
}

/** Whether `followerUid` follows `followeeUid`. */
export async function followExists(db: Db, followerUid: string, followeeUid: string): Promise<boolean> {
  const row = await db.selectFrom('follows').select('followerUid').where('followerUid', '=', followerUid).where('followeeUid', '=', followeeUid).executeTakeFirst();
  return row !== undefined;
}

/** `requesterUid`'s pending request to follow `targetUid`, if any. */
export function findRequest(db: Db, requesterUid: string, targetUid: string) {
  return db
    .selectFrom('followRequests')
    .select(['requesterUid', 'targetUid as uid'])
    .where('requesterUid', '=', requesterUid)
    .where('targetUid', '=', targetUid)
    .executeTakeFirst();
}

export async function readApproveFollowers(db: Db, uid: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('approveFollowers').where('uid', '=', uid).executeTakeFirstOrThrow();
  return fromDbBool(row.approveFollowers);
}

export async function writeApproveFollowers(db: Db, uid: string, approveFollowers: boolean): Promise<void> {
  await db.updateTable('users').set({ approveFollowers: toDbBool(approveFollowers) }).where('uid', '=', uid).execute();
}

/** The writers' follower counts as stored now. */
export function profileCounts(db: Db, uids: readonly string[]) {
  return db.selectFrom('users').select(['uid', 'followersCount', 'followingCount']).where('uid', 'in', [...uids]).execute();
}

/** Each writer's newest public story the viewer may read: one indexed probe per writer (uid, publishedAt, id). */
export async function latestStories(db: Db, viewer: Viewer, uids: string[]): Promise<Map<string, { id: string; title: string }>> {
  const found = await Promise.all(
    uids.map((uid) =>
      db
        .selectFrom('stories as s')
        .select(['s.uid', 's.id', 's.title'])
        .where(readableBy(viewer, { author: uid, publicOnly: true }))
        .orderBy('s.publishedAt', 'desc')
        .orderBy('s.id', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ),
  );
  return new Map(found.flatMap((row) => (row ? [[row.uid, { id: row.id, title: row.title }] as const] : [])));
}

/** Which of `uids` the viewer follows, which follow the viewer, and which the viewer asked to follow. */
export function followStatesOf(db: Db, me: string, uids: string[]) {
  return Promise.all([
    db.selectFrom('follows').select('followeeUid as uid').where('followerUid', '=', me).where('followeeUid', 'in', uids).execute(),
    db.selectFrom('follows').select('followerUid as uid').where('followeeUid', '=', me).where('followerUid', 'in', uids).execute(),
    db.selectFrom('followRequests').select('targetUid as uid').where('requesterUid', '=', me).where('targetUid', 'in', uids).execute(),
  ]);
}
