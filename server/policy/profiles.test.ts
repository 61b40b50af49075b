import { describe, expect, it } from 'vitest';
import { authorizeProfile, profilePolicy } from './profiles';
import { answer, OWNER, VIEWERS } from '../test/policy';

const profile = { uid: OWNER.uid, hidden: false };

describe('profilePolicy', () => {
  it('read: anyone, guests too (a public profile)', () => {
    expect(VIEWERS.map(([, viewer]) => profilePolicy.can(viewer, 'read', profile))).toEqual([true, true, true, true]);
  });
});

describe('authorizeProfile', () => {
  it('answers 404 for a missing profile and lets everyone see an existing one', () => {
    for (const [, viewer] of VIEWERS) {
      expect(answer(() => authorizeProfile(viewer, 'read', null))).toEqual([404, 'User not found']);
      expect(answer(() => authorizeProfile(viewer, 'read', profile))).toBe('ok');
    }
  });
});

describe('a writer who blocks the viewer (`blocksViewer`)', () => {
  it('is exactly as missing as an unknown writer; without the fact the profile shows', () => {
    expect(profilePolicy.can(OWNER, 'read', { ...profile, blocksViewer: true })).toBe(false);
    expect(answer(() => authorizeProfile(OWNER, 'read', { ...profile, blocksViewer: true }))).toEqual([404, 'User not found']);
    expect(answer(() => authorizeProfile(OWNER, 'read', { ...profile, blocksViewer: false }))).toBe('ok');
  });
});

describe('a suspended, deactivated or deleted account (`hidden`)', () => {
  it('is missing to everyone, admins and the person included', () => {
    expect(VIEWERS.map(([, viewer]) => profilePolicy.can(viewer, 'read', { ...profile, hidden: true }))).toEqual([false, false, false, false]);
    expect(answer(() => authorizeProfile(null, 'read', { ...profile, hidden: true }))).toEqual([404, 'User not found']);
  });
});
