import { describe, expect, it } from 'vitest';
import { ADMIN_ACTIONS, adminPolicy, authorizeAdmin } from './admin';
import { ADMIN, answer, OTHER, OWNER, VIEWERS } from '../test/policy';

describe('adminPolicy', () => {
  it('lists every admin-panel action', () => {
    expect([...ADMIN_ACTIONS].sort()).toEqual(['manageFederation', 'manageNotifications', 'manageRegistration', 'readNotifications', 'viewAuditLog', 'viewDashboard', 'viewOverview']);
  });

  it.each(ADMIN_ACTIONS)('%s: admins only', (action) => {
    expect(VIEWERS.map(([, viewer]) => adminPolicy.can(viewer, action))).toEqual([false, false, false, true]);
  });
});

describe('authorizeAdmin', () => {
  it.each(ADMIN_ACTIONS)('%s: 401 to a guest, 403 to anyone else', (action) => {
    expect(answer(() => authorizeAdmin(null, action))).toEqual([401, 'Please sign in to continue.']);
    expect(answer(() => authorizeAdmin(OTHER, action))).toEqual([403, 'Admins only.']);
    expect(answer(() => authorizeAdmin(OWNER, action))).toEqual([403, 'Admins only.']);
    expect(answer(() => authorizeAdmin(ADMIN, action))).toBe('ok');
  });

  it('narrows the viewer to an admin', () => {
    const viewer = ADMIN as { uid: string; admin: boolean } | null;
    authorizeAdmin(viewer, 'viewOverview');
    const admin: true = viewer.admin;
    expect(admin).toBe(true);
  });
});
