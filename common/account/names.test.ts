import { describe, expect, it } from 'vitest';
import { avatarInitial, deriveFirstLast, displayLabel } from './names';

describe('deriveFirstLast', () => {
  it('splits a display name on its first space', () => {
    expect(deriveFirstLast('Ada Lovelace', 'x@y.z')).toEqual({ first: 'Ada', last: 'Lovelace' });
    expect(deriveFirstLast('Ada  King Lovelace ', 'x@y.z')).toEqual({ first: 'Ada', last: 'King Lovelace' });
    expect(deriveFirstLast('Cher', 'x@y.z')).toEqual({ first: 'Cher', last: '' });
  });

  it("falls back to the email's local part split on . _ or -", () => {
    expect(deriveFirstLast(null, 'ada.lovelace@example.com')).toEqual({ first: 'ada', last: 'lovelace' });
    expect(deriveFirstLast('', 'mary_jane-watson@example.com')).toEqual({ first: 'mary', last: 'jane watson' });
    expect(deriveFirstLast('   ', 'solo@example.com')).toEqual({ first: 'solo', last: '' });
    expect(deriveFirstLast(undefined, '.odd..dots.@example.com')).toEqual({ first: 'odd', last: 'dots' });
  });
});

describe('labels and initials', () => {
  it('prefers display name, then name, then email', () => {
    expect(displayLabel({ displayName: 'Ada', name: 'A L', email: 'a@b.c' })).toBe('Ada');
    expect(displayLabel({ displayName: null, name: 'A L', email: 'a@b.c' })).toBe('A L');
    expect(displayLabel({ displayName: ' ', name: '', email: 'a@b.c' })).toBe('a@b.c');
    expect(displayLabel({})).toBe('User');
    expect(avatarInitial({ displayName: 'zed' })).toBe('Z');
    expect(avatarInitial({ email: 'bob@x.y' })).toBe('B');
    expect(avatarInitial({})).toBe('U');
  });
});
