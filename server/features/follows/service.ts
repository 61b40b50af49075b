import { findProfileFacts } from '../profile';
import type { Transaction } from 'kysely';
import { MAX_FOLLOWS, SOCIAL_TEXTS, type FollowSettings, type Relationship } from '@common/follows/follows';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { userTopic } from '../../events/bus';
import { conflict } from '../../http/errors';
import { authorizeFollow, authorizeFollowRequest, type FollowAction } from './policy';
import { authorizeProfile } from '../../policy/profiles';
import { blockedEitherWay, loadBlockFacts } from '../../policy/relations';
import type { SignedInViewer, Viewer } from '../../policy/viewer';
import { notify, withdraw } from '../notifications';
import { recordProfileCounts } from './live';
import {
  countPendingRequests,
  deleteFollow,
  deleteRequest,
  findRequest,
  followExists,
  insertFollowRow,
  insertRequest,
  loadRelationship,
  lockUsers,
  readApproveFollowers,
  shiftCounts,
  writeApproveFollowers,
  type LockedUser,
} from './queries';

/**
 * Writes to the follow graph. Each runs in one transaction that first locks both writers'
 * rows (lockUsers, uid order), then changes the rows with conflict-safe inserts and moves
 * followersCount / followingCount only by what really changed, so the counts equal the rows
 * however many requests race. Live events go through the outbox in the same transaction.
 */

/** Locks both writers and checks the viewer may act on `otherUid`; returns the locked target. */
async function lockTarget(ctx: ServerContext, trx: Transaction<Database>, viewer: SignedInViewer, action: FollowAction, otherUid: string) {
  const locked = await lockUsers(trx, ctx.dialect, [viewer.uid, otherUid]);
  const user = locked.get(otherUid);
  const target = user && { ...user, blocked: otherUid !== viewer.uid && (await blockedEitherWay(trx, viewer.uid, otherUid)) };
  authorizeFollow(viewer, action, target);
  return { me: locked.get(viewer.uid), target };
}

/** Both writers' relationship views may have changed: their open tabs refetch. */
async function announce(ctx: ServerContext, trx: Transaction<Database>, a: string, b: string): Promise<void> {
  await ctx.bus.record(trx, userTopic(a), 'relationship.changed', { uid: b });
  await ctx.bus.record(trx, userTopic(b), 'relationship.changed', { uid: a });
}

/**
 * Follows requested and accepted count towards MAX_FOLLOWS together, so accepting a request
 * can never take the requester past it.
 */
async function assertUnderCap(trx: Transaction<Database>, me: LockedUser | undefined, uid: string): Promise<void> {
  const pending = await countPendingRequests(trx, uid);
  if ((me?.followingCount ?? 0) + pending >= MAX_FOLLOWS) throw conflict(SOCIAL_TEXTS.tooManyFollows);
}

/**
 * `uid` when the viewer may see that writer's profile (and so their relationship and their
 * follow lists): 404 'User not found' when missing or when they block the viewer.
 */
export async function visibleProfile(ctx: ServerContext, viewer: Viewer, uid: string): Promise<string> {
  const [user, facts] = await Promise.all([findProfileFacts(ctx.db, uid), loadBlockFacts(ctx.db, viewer, uid)]);
  const profile = user && { ...user, blocksViewer: facts.blockedBy };
  authorizeProfile(viewer, 'read', profile);
  return profile.uid;
}

/** The viewer's relationship with `uid`, for the profile's button (a guest's: nothing but the counts). */
export async function readRelationship(ctx: ServerContext, viewer: Viewer, uid: string): Promise<Relationship> {
  await visibleProfile(ctx, viewer, uid);
  return loadRelationship(ctx.db, viewer?.uid ?? null, uid);
}

/**
 * Follows `uid`, or asks to when they approve new followers. Idempotent: following or asking
 * twice answers the same state and changes nothing.
 */
export async function follow(ctx: ServerContext, viewer: SignedInViewer, uid: string): Promise<Relationship> {
  return ctx.db.transaction().execute(async (trx) => {
    const { me, target } = await lockTarget(ctx, trx, viewer, 'follow', uid);
    const before = await loadRelationship(trx, viewer.uid, uid);
    if (before.following || (before.requested && target.approveFollowers)) return before;
    await assertUnderCap(trx, me, viewer.uid);
    const now = new Date().toISOString();
    if (target.approveFollowers) {
      await insertRequest(trx, viewer.uid, uid, now);
      await ctx.bus.record(trx, userTopic(uid), 'follow.requested', { requesterUid: viewer.uid });
      await notify(ctx, trx, { to: uid, type: 'follow_request', actorUid: viewer.uid, at: now, link: '/friends?tab=requests' });
    } else {
      // A request left from when they approved followers becomes this follow.
      if (await deleteRequest(trx, viewer.uid, uid)) await withdraw(ctx, trx, { to: uid, type: 'follow_request', actorUid: viewer.uid });
      await insertFollow(ctx, trx, viewer.uid, uid, now, true);
    }
    await announce(ctx, trx, viewer.uid, uid);
    return loadRelationship(trx, viewer.uid, uid);
  });
}

/** Inserts follower → followee once; counts and `follow.created` only when the row is new. */
async function insertFollow(ctx: ServerContext, trx: Transaction<Database>, followerUid: string, followeeUid: string, now: string, tell: boolean): Promise<void> {
  if (!(await insertFollowRow(trx, followerUid, followeeUid, now))) return;
  await shiftCounts(trx, followerUid, followeeUid, 1);
  await recordProfileCounts(ctx, trx, [followerUid, followeeUid]);
  const friends = await followExists(trx, followeeUid, followerUid);
  await ctx.bus.record(trx, userTopic(followeeUid), 'follow.created', { followerUid, followeeUid, friends });
  if (tell) await tellFollowee(ctx, trx, followerUid, followeeUid, now, friends);
}

/**
 * A new follower is a 'follow' notification for the followee (grouped over 24 hours). A
 * follow that returns theirs makes them friends: then the followee, whose follow was
 * returned, gets "You and X are now friends" instead, which says the follow as well (one
 * row, not two). The follower acted, so they are told nothing.
 */
async function tellFollowee(ctx: ServerContext, trx: Transaction<Database>, followerUid: string, followeeUid: string, at: string, friends: boolean): Promise<void> {
  if (friends) await notify(ctx, trx, { to: followeeUid, type: 'friend', actorUid: followerUid, at, link: `/user/${followerUid}` });
  else await notify(ctx, trx, { to: followeeUid, type: 'follow', actorUid: followerUid, at, link: '/friends?tab=followers' });
}

/** `followerUid` no longer follows `followeeUid`: the follow and any friendship notifications between them go. */
async function takeBackFollow(ctx: ServerContext, trx: Transaction<Database>, followerUid: string, followeeUid: string): Promise<void> {
  await withdraw(ctx, trx, { to: followeeUid, type: 'follow', actorUid: followerUid });
  await withdraw(ctx, trx, { to: followeeUid, type: 'friend', actorUid: followerUid });
  await withdraw(ctx, trx, { to: followerUid, type: 'friend', actorUid: followeeUid });
}

/** Unfollows `uid`, or withdraws the request to; idempotent. */
export async function unfollow(ctx: ServerContext, viewer: SignedInViewer, uid: string): Promise<Relationship> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockTarget(ctx, trx, viewer, 'unfollow', uid);
    const unfollowed = await deleteFollow(trx, viewer.uid, uid);
    const withdrawn = await deleteRequest(trx, viewer.uid, uid);
    if (unfollowed) await recordProfileCounts(ctx, trx, [viewer.uid, uid]);
    if (unfollowed) await takeBackFollow(ctx, trx, viewer.uid, uid);
    if (withdrawn) await withdraw(ctx, trx, { to: uid, type: 'follow_request', actorUid: viewer.uid });
    if (unfollowed || withdrawn) await announce(ctx, trx, viewer.uid, uid);
    return loadRelationship(trx, viewer.uid, uid);
  });
}

/** Removes `uid` from the viewer's followers (no block; they are not notified); idempotent. */
export async function removeFollower(ctx: ServerContext, viewer: SignedInViewer, uid: string): Promise<Relationship> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockTarget(ctx, trx, viewer, 'removeFollower', uid);
    if (await deleteFollow(trx, uid, viewer.uid)) {
      await recordProfileCounts(ctx, trx, [viewer.uid, uid]);
      await takeBackFollow(ctx, trx, uid, viewer.uid);
      await announce(ctx, trx, viewer.uid, uid);
    }
    return loadRelationship(trx, viewer.uid, uid);
  });
}

/**
 * Accepts or declines `requesterUid`'s request to follow the viewer. Accepting creates the
 * follow (counts, `follow.created`); declining only deletes the request, and only the
 * decliner's tabs hear of it: the requester is never told.
 */
export async function answerRequest(ctx: ServerContext, viewer: SignedInViewer, requesterUid: string, accept: boolean): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockUsers(trx, ctx.dialect, [viewer.uid, requesterUid]);
    const request = await findRequest(trx, requesterUid, viewer.uid);
    authorizeFollowRequest(viewer, 'answerRequest', request);
    await deleteRequest(trx, requesterUid, viewer.uid);
    await withdraw(ctx, trx, { to: viewer.uid, type: 'follow_request', actorUid: requesterUid });
    if (!accept) {
      await ctx.bus.record(trx, userTopic(viewer.uid), 'relationship.changed', { uid: requesterUid });
      return;
    }
    // The viewer accepted it themselves: no "started following you" for their own answer.
    await insertFollow(ctx, trx, requesterUid, viewer.uid, new Date().toISOString(), false);
    await announce(ctx, trx, viewer.uid, requesterUid);
  });
}

export async function readFollowSettings(ctx: ServerContext, viewer: SignedInViewer): Promise<FollowSettings> {
  return { approveFollowers: await readApproveFollowers(ctx.db, viewer.uid) };
}

/**
 * Turning approval off leaves pending requests pending (the writer still accepts or declines
 * them); it only changes what the next Follow does. See docs/decisions/0013-follows.md.
 */
export async function changeFollowSettings(ctx: ServerContext, viewer: SignedInViewer, settings: FollowSettings): Promise<FollowSettings> {
  await writeApproveFollowers(ctx.db, viewer.uid, settings.approveFollowers);
  return readFollowSettings(ctx, viewer);
}
