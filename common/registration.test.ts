import { describe, expect, it } from 'vitest';
import { blockedDomainOf, inviteState, normalizeDomain, registrationUpdateSchema } from './registration';

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
    expect(blockedDomainOf('a@spam.example', blocked)).toBe('spam.example');
    expect(blockedDomainOf('a@MAIL.Spam.Example', blocked)).toBe('spam.example');
    expect(blockedDomainOf('a@deep.sub.bad.test', blocked)).toBe('bad.test');
    expect(blockedDomainOf('a@notspam.example', blocked)).toBeNull();
    expect(blockedDomainOf('a@spam.example.org', blocked)).toBeNull();
    expect(blockedDomainOf('no-at-sign', blocked)).toBeNull();
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
