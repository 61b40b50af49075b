import { describe, expect, it } from 'vitest';
import { inviteState, isBlockedEmail, normalizeDomain, registrationUpdateSchema } from './registration';

describe('blocked email domains', () => {
  it('normalises what people type: case, @, *., a final dot, punycode', () => {
    expect(normalizeDomain(' Spam.Example ')).toBe('spam.example');
    expect(normalizeDomain('@bad.test')).toBe('bad.test');
    expect(normalizeDomain('*.junk.test')).toBe('junk.test');
    expect(normalizeDomain('example.com.')).toBe('example.com');
    expect(normalizeDomain('bücher.example')).toBe('xn--bcher-kva.example');
    for (const bad of ['', 'localhost', 'not a domain', 'a@b.c', 'http://x.test', '1.2.3.4', '-bad.test', 'x'.repeat(64) + '.test']) {
      expect(normalizeDomain(bad), bad).toBeNull();
    }
  });

  it('blocks the domain and every subdomain, whatever the case, and nothing that merely ends alike', () => {
    const blocked = ['spam.example', 'bad.test'];
    expect(isBlockedEmail('a@spam.example', blocked)).toBe(true);
    expect(isBlockedEmail('a@MAIL.Spam.Example', blocked)).toBe(true);
    expect(isBlockedEmail('a@deep.sub.bad.test', blocked)).toBe(true);
    expect(isBlockedEmail('a@bad.test.', blocked)).toBe(true);
    expect(isBlockedEmail('a@notspam.example', blocked)).toBe(false);
    expect(isBlockedEmail('a@spam.example.org', blocked)).toBe(false);
  });

  it('while any domain is blocked, refuses an address whose domain cannot be read as a domain name', () => {
    const blocked = ['blocked.test'];
    for (const email of ['a@x-.blocked.test', 'a@x--.blocked.test', `a@${'x'.repeat(64)}.blocked.test`, 'p@blocked.test..', 'a@-x.elsewhere.test', 'a@localhost', 'a@[127.0.0.1]', 'a@', 'no-at-sign']) {
      expect(isBlockedEmail(email, blocked), email).toBe(true);
    }
    // With nothing blocked there is nothing to slip past.
    expect(isBlockedEmail('a@x-.blocked.test', [])).toBe(false);
  });

  it('stores a typed list normalised, without duplicates, sorted; refuses what is not a domain', () => {
    expect(registrationUpdateSchema.parse({ blockedDomains: ['B.test', 'a.test', '@b.test', ' '] }).blockedDomains).toEqual(['a.test', 'b.test']);
    expect(registrationUpdateSchema.safeParse({ blockedDomains: ['not a domain'] }).success).toBe(false);
    expect(registrationUpdateSchema.safeParse({}).success).toBe(false);
  });
});

describe('invite state', () => {
  const now = '2026-11-27T12:00:00.000Z';
  const base = { maxUses: null, uses: 0, expiresAt: null, revokedAt: null };
  it('is revoked, used up, expired or active, in that order', () => {
    expect(inviteState(base, now)).toBe('active');
    expect(inviteState({ ...base, maxUses: 2, uses: 2 }, now)).toBe('used up');
    expect(inviteState({ ...base, expiresAt: now }, now)).toBe('expired');
    expect(inviteState({ ...base, expiresAt: '2026-11-28T00:00:00.000Z' }, now)).toBe('active');
    expect(inviteState({ ...base, maxUses: 1, uses: 1, revokedAt: now }, now)).toBe('revoked');
  });
});
