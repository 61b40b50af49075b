import { notFound } from '../../http/errors';
import { USER_NOT_FOUND } from '../../policy/profiles';
import { assertSignedIn, own, signedIn, type Viewer } from '../../policy/viewer';

/**
 * Who may change the follow graph between the viewer and another writer.
 *
 * - follow (or request to), unfollow / cancel a request: a signed-in writer, towards anyone
 *   but themself, when no block stands either way. Every refusal is 404 'User not found',
 *   exactly what a missing uid answers, so a block is never revealed.
 * - answerRequest (accept, decline): own, the request's target (`uid` = targetUid).
 * - removeFollower: own, the followee (`uid` = followeeUid) removes a follower.
 * No admin-any: an admin changes nobody's follows.
 * Reading a writer's followers and following is reading their profile (profilePolicy `read`).
 */
export const FOLLOW_REQUEST_NOT_FOUND = 'Follow request not found';

/** The other writer as the rules see them: `blocked` when a block stands either way. */
export interface FollowTarget {
  uid: string;
  blocked: boolean;
}

export type FollowAction = 'follow' | 'unfollow' | 'removeFollower';
export type FollowRecordAction = 'answerRequest';

const towardsOther = (viewer: Viewer, target: FollowTarget): boolean => signedIn(viewer) && !own(viewer, target) && !target.blocked;

const rules: Record<FollowAction, (viewer: Viewer, target: FollowTarget) => boolean> = {
  follow: towardsOther,
  unfollow: towardsOther,
  removeFollower: towardsOther,
};

/** Rules on a stored request, whose `uid` is the writer it asks to follow. */
const recordRules: Record<FollowRecordAction, (viewer: Viewer, request: { uid: string }) => boolean> = {
  answerRequest: own,
};

export const followPolicy = {
  can: (viewer: Viewer, action: FollowAction, target: FollowTarget): boolean => rules[action](viewer, target),
  canOnRequest: (viewer: Viewer, action: FollowRecordAction, request: { uid: string }): boolean => recordRules[action](viewer, request),
};

/** 401 for a guest; 404 'User not found' for a missing writer, oneself or a block either way. */
export function authorizeFollow<T extends FollowTarget>(viewer: Viewer, action: FollowAction, target: T | null | undefined): asserts target is T {
  assertSignedIn(viewer);
  if (!target || !rules[action](viewer, target)) throw notFound(USER_NOT_FOUND);
}

/**
 * 401 for a guest; 404 when the request is missing or not addressed to the viewer (someone
 * else's requests are as invisible as missing ones).
 */
export function authorizeFollowRequest<R extends { uid: string }>(viewer: Viewer, action: FollowRecordAction, request: R | null | undefined): asserts request is R {
  assertSignedIn(viewer);
  if (!request || !recordRules[action](viewer, request)) throw notFound(FOLLOW_REQUEST_NOT_FOUND);
}
