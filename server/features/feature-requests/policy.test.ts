import { describe, expect, it } from 'vitest';
import { authorizeFeatureRequest, authorizeFeatureRequests, featureRequestPolicy, type FeatureRequestAdminAction } from './policy';
import { ADMIN, answer, OTHER, OWNER, VIEWERS } from '../../test/policy';

const ADMIN_ACTIONS: FeatureRequestAdminAction[] = ['list', 'changeStatus', 'respond', 'markRead', 'delete'];
const request = { id: 'req', userUid: OWNER.uid };

describe('featureRequestPolicy', () => {
  it('admin actions: admins only, not even the requester', () => {
    for (const action of ADMIN_ACTIONS) {
      expect([action, VIEWERS.map(([, viewer]) => featureRequestPolicy.can(viewer, action))]).toEqual([action, [false, false, false, true]]);
    }
  });

  it('listMine: anyone signed in', () => {
    expect(VIEWERS.map(([, viewer]) => featureRequestPolicy.can(viewer, 'listMine'))).toEqual([false, true, true, true]);
  });
});

describe('authorizeFeatureRequest(s)', () => {
  it('answers 401 to a guest and 403 to anyone but an admin, before saying whether the request exists', () => {
    for (const action of ADMIN_ACTIONS) {
      expect(answer(() => authorizeFeatureRequests(null, action))).toEqual([401, 'Please sign in to continue.']);
      expect(answer(() => authorizeFeatureRequests(OWNER, action))).toEqual([403, 'Admins only.']);
      expect(answer(() => authorizeFeatureRequest(null, action, undefined))).toEqual([401, 'Please sign in to continue.']);
      expect(answer(() => authorizeFeatureRequest(OTHER, action, undefined))).toEqual([403, 'Admins only.']);
      expect(answer(() => authorizeFeatureRequest(OWNER, action, request))).toEqual([403, 'Admins only.']);
      expect(answer(() => authorizeFeatureRequest(ADMIN, action, undefined))).toEqual([404, 'Feature request not found']);
      expect(answer(() => authorizeFeatureRequest(ADMIN, action, request))).toBe('ok');
      expect(answer(() => authorizeFeatureRequests(ADMIN, action))).toBe('ok');
    }
    expect(answer(() => authorizeFeatureRequests(OWNER, 'listMine'))).toBe('ok');
    expect(answer(() => authorizeFeatureRequests(null, 'listMine'))).toEqual([401, 'Please sign in to continue.']);
  });
});
