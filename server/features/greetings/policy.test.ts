import { describe, expect, it } from 'vitest';
import { authorizeGreetings, greetingPolicy } from './policy';
import { ADMIN, answer, OTHER, VIEWERS } from '../../test/policy';

describe('greetingPolicy', () => {
  it('read: anyone signed in', () => {
    expect(VIEWERS.map(([, viewer]) => greetingPolicy.can(viewer, 'read'))).toEqual([false, true, true, true]);
  });

  it('manage: admins only (admin-any)', () => {
    expect(VIEWERS.map(([, viewer]) => greetingPolicy.can(viewer, 'manage'))).toEqual([false, false, false, true]);
  });
});

describe('authorizeGreetings', () => {
  it('answers 401 to a guest and 403 to a writer who manages, and lets the admin through', () => {
    expect(answer(() => authorizeGreetings(null, 'read'))).toEqual([401, 'Please sign in to continue.']);
    expect(answer(() => authorizeGreetings(OTHER, 'read'))).toBe('ok');
    expect(answer(() => authorizeGreetings(null, 'manage'))).toEqual([401, 'Please sign in to continue.']);
    expect(answer(() => authorizeGreetings(OTHER, 'manage'))).toEqual([403, 'Admins only.']);
    expect(answer(() => authorizeGreetings(ADMIN, 'manage'))).toBe('ok');
  });
});
