import { describe, expect, it } from 'vitest';
import { adminPolicy, authorizeAdmin } from './admin';
import { ADMIN, answer, OTHER, VIEWERS } from './testing';

describe('adminPolicy', () => {
  it('viewOverview: admins only', () => {
    expect(VIEWERS.map(([, viewer]) => adminPolicy.can(viewer, 'viewOverview'))).toEqual([false, false, false, true]);
  });
});

describe('authorizeAdmin', () => {
  it('answers 401 to a guest, 403 to anyone else, and narrows the viewer to an admin', () => {
    expect(answer(() => authorizeAdmin(null, 'viewOverview'))).toEqual([401, 'Please sign in to continue.']);
    expect(answer(() => authorizeAdmin(OTHER, 'viewOverview'))).toEqual([403, 'Admins only.']);
    const viewer = ADMIN as { uid: string; admin: boolean } | null;
    authorizeAdmin(viewer, 'viewOverview');
    const admin: true = viewer.admin;
    expect(admin).toBe(true);
  });
});
