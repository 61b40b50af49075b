import { describe, expect, it } from 'vitest';
import { adminAny, assertSignedIn, own, signedIn, viewerOf, type Viewer } from './viewer';
import { ADMIN, answer, OTHER, OWNER, VIEWERS } from '../test/policy';

describe('the viewer and the words rules use', () => {
  it('builds a viewer from a users record: uid and admin only', () => {
    const user = { uid: 'ada', admin: false, email: 'ada@example.com', favorites: [] };
    expect(viewerOf(user)).toEqual({ uid: 'ada', admin: false });
    expect(viewerOf(null)).toBeNull();
  });

  it('own, adminAny, signedIn: guest, other, owner, admin', () => {
    const record = { uid: OWNER.uid };
    expect(VIEWERS.map(([, viewer]) => own(viewer, record))).toEqual([false, false, true, false]);
    expect(VIEWERS.map(([, viewer]) => adminAny(viewer))).toEqual([false, false, false, true]);
    expect(VIEWERS.map(([, viewer]) => signedIn(viewer))).toEqual([false, true, true, true]);
  });

  it('assertSignedIn answers 401 to a guest and narrows the viewer', () => {
    expect(answer(() => assertSignedIn(null))).toEqual([401, 'Please sign in to continue.']);
    for (const person of [OTHER, OWNER, ADMIN]) {
      const viewer: Viewer = person;
      assertSignedIn(viewer);
      expect(viewer.uid).toBe(person.uid);
    }
  });
});
