import { describe, expect, it } from 'vitest';
import { authorizeFollow, authorizeFollowRequest, followPolicy, type FollowAction } from './policy';
import { answer, OWNER, VIEWERS } from '../../test/policy';

// The target is OWNER's account: "owner" is the writer themself, "other" someone else.
const target = { uid: OWNER.uid, blocked: false };
const blocked = { uid: OWNER.uid, blocked: true };
const ACTIONS: FollowAction[] = ['follow', 'unfollow', 'removeFollower'];

describe('followPolicy', () => {
  it('follow, unfollow, removeFollower: any signed-in writer towards another (admins too), never oneself or a guest', () => {
    for (const action of ACTIONS) {
      expect(VIEWERS.map(([, viewer]) => followPolicy.can(viewer, action, target))).toEqual([false, true, false, true]);
    }
  });

  it('nobody acts across a block, either way', () => {
    for (const action of ACTIONS) expect(VIEWERS.map(([, viewer]) => followPolicy.can(viewer, action, blocked))).toEqual([false, false, false, false]);
  });

  it('answerRequest: own (the request’s target) only; admins answer nobody else’s', () => {
    expect(VIEWERS.map(([, viewer]) => followPolicy.canOnRequest(viewer, 'answerRequest', { uid: OWNER.uid }))).toEqual([false, false, true, false]);
  });
});

describe('authorizeFollow', () => {
  it('answers 401 to a guest and the same 404 for missing, oneself and blocked', () => {
    const [, other] = VIEWERS[1]!;
    expect(answer(() => authorizeFollow(null, 'follow', target))).toEqual([401, 'Please sign in to continue.']);
    expect(answer(() => authorizeFollow(other, 'follow', undefined))).toEqual([404, 'User not found']);
    expect(answer(() => authorizeFollow(OWNER, 'follow', target))).toEqual([404, 'User not found']);
    expect(answer(() => authorizeFollow(other, 'follow', blocked))).toEqual([404, 'User not found']);
    expect(answer(() => authorizeFollow(other, 'unfollow', target))).toBe('ok');
  });
});

describe('authorizeFollowRequest', () => {
  it('answers 401 to a guest and 404 for a missing request or someone else’s', () => {
    const [, other] = VIEWERS[1]!;
    expect(answer(() => authorizeFollowRequest(null, 'answerRequest', { uid: OWNER.uid }))).toEqual([401, 'Please sign in to continue.']);
    expect(answer(() => authorizeFollowRequest(OWNER, 'answerRequest', undefined))).toEqual([404, 'Follow request not found']);
    expect(answer(() => authorizeFollowRequest(other, 'answerRequest', { uid: OWNER.uid }))).toEqual([404, 'Follow request not found']);
    expect(answer(() => authorizeFollowRequest(OWNER, 'answerRequest', { uid: OWNER.uid }))).toBe('ok');
  });
});
