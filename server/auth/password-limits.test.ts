import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '@common/account/account';
import { testDialects } from '../test/databases';
import { useTestServer } from '../test/api-fixture';
import { linkToken, signUp, signUpVerified } from '../test/server';
import { addressKey } from '../http/client-ip';
import { limitKey, reserveLimit } from '../http/rate-limit';
import { hashingSlots, OWASP_ARGON2_COST } from './password';
import { reservePasswordCheck } from './password-attempts';

type ErrorBody = { error: { code: string; message: string } };

/** Failed checks an account may have in 24 hours (PASSWORD_FAILURES_PER_DAY), lowered from 100 so a burst hashes quickly. */
const DAILY = 30;

describe.each(testDialects())('password checks that cannot be abused, on %s', (dialect) => {
  // Tests play clients at many addresses through the proxy header.
  // The flood below needs hashes that take a while, as real ones do.
  const api = useTestServer(dialect, { env: { TRUSTED_PROXY_HEADER: 'x-forwarded-for', SIGNUP_RATE_LIMIT: '1000', PASSWORD_FAILURES_PER_DAY: String(DAILY) }, options: { passwordCost: OWASP_ARGON2_COST } });

  let nextAddress = 1;
  const freshAddress = () => `10.1.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
  const signIn = (email: string, password: string, from: string) =>
    api.server.client().send<ErrorBody>('POST', '/api/auth/sign-in/email', { email, password }, { 'x-forwarded-for': from });

  it('exposes only the better-auth endpoints the app uses', async () => {
    const person = await signUp(api.server);
    const hidden: Array<[string, string]> = [
      ['GET', '/api/auth/list-sessions'],
      ['POST', '/api/auth/revoke-session'],
      ['POST', '/api/auth/revoke-sessions'],
      ['POST', '/api/auth/revoke-other-sessions'],
      ['POST', '/api/auth/change-password'],
      ['POST', '/api/auth/change-email'],
      ['POST', '/api/auth/update-user'],
      ['POST', '/api/auth/delete-user'],
      ['POST', '/api/auth/request-password-reset'],
      ['POST', '/api/auth/reset-password'],
      ['GET', '/api/auth/verify-email'],
      ['GET', '/api/auth/list-accounts'],
      ['POST', '/api/auth/unlink-account'],
      ['GET', '/api/auth/ok'],
      ['GET', '/api/auth/sign-in/email'],
    ];
    for (const [method, path] of hidden) {
      const res = await person.client.send<ErrorBody>(method, path, method === 'POST' ? {} : undefined);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await person.client.get('/api/auth/get-session')).status).toBe(200);
  });

  it('answers auth requests with Cache-Control: no-store and no session token in the body', async () => {
    const person = await signUp(api.server);
    const session = await person.client.get('/api/auth/get-session');
    expect(session.headers.get('cache-control')).toBe('no-store');
    expect(JSON.stringify(session.body)).not.toMatch(/"token"/);
    const signedIn = await signIn(person.email, person.password, freshAddress());
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    expect(JSON.stringify(signedIn.body)).not.toMatch(/"token"/);
  });

  it('lets at most the limit of a burst of 100 parallel wrong passwords be checked', async () => {
    const person = await signUp(api.server);
    const from = freshAddress();
    const burst = await Promise.all(Array.from({ length: 100 }, () => signIn(person.email, 'wrong guess', from)));
    const checked = burst.filter((r) => r.status === 401).length;
    const refused = burst.filter((r) => r.status === 429);
    expect(checked).toBe(5);
    expect(refused).toHaveLength(95);
    expect(refused[0]!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused[0]!.body.error.message).toMatch(/^Too many failed attempts\. Please wait \d+ minutes? and try again\.$/);
    // Only the checks made count towards the account's day: the refused 95 did not use it up.
    expect(await api.server.ctx.rateLimiter.peek(`pw:acct-day:${person.email}`)).toBe(5);
    // The right password from the same address waits too: the guesses used its places.
    expect((await signIn(person.email, person.password, from)).status).toBe(429);
  });

  it('takes no place under the other limits for a check one limit refuses, so a parallel burst checks exactly the limit', async () => {
    // In a burst the counters are taken in parallel requests in any order: a request holding
    // one of the pair's five places but refused by the address must not keep that place, or
    // fewer than five guesses are checked (the PostgreSQL run of the burst above saw four).
    const person = await signUp(api.server);
    const from = freshAddress();
    const limiter = api.server.ctx.rateLimiter;
    const account = person.email.toLowerCase();
    for (let i = 0; i < 30; i++) await reserveLimit(api.server.ctx, 'passwordChecksPerAddress', { ip: from });
    const refused = await reservePasswordCheck(api.server.ctx, person.email, from);
    expect(refused.allowed).toBe(false);
    expect(await limiter.peek(limitKey('passwordChecksPerAccountAddress', { account, ip: from }))).toBe(0);
    expect(await limiter.peek(limitKey('passwordChecksPerAccount', { account }))).toBe(0);
    expect(await limiter.peek(limitKey('passwordFailuresPerDay', { account }))).toBe(0);
  });

  it('counts per account across addresses, yet the owner at an address with no failures still gets in', async () => {
    const owner = await signUpVerified(api.server);
    for (let i = 0; i < 4; i++) {
      const from = freshAddress();
      await Promise.all(Array.from({ length: 5 }, () => signIn(owner.email, 'attacker guess', from)));
    }
    const attacker = freshAddress();
    await signIn(owner.email, 'one more', attacker);
    // The account is over its limit: the attacker's address (with failures) is refused…
    expect((await signIn(owner.email, owner.password, attacker)).status).toBe(429);
    // …while the owner at home, with no recent failures, signs in.
    expect((await signIn(owner.email, owner.password, freshAddress())).status).toBe(200);
  });

  it('stops a burst spread over 100 addresses at the daily cap; the owner gets back in through the emailed link', async () => {
    const owner = await signUpVerified(api.server);
    const burst = await Promise.all(Array.from({ length: 100 }, () => signIn(owner.email, 'spread guess', freshAddress())));
    expect(burst.filter((r) => r.status === 401)).toHaveLength(DAILY);
    const refused = burst.filter((r) => r.status === 429);
    expect(refused).toHaveLength(100 - DAILY);
    expect(refused[0]!.body).toEqual({ error: { code: 'account_locked', message: ACCOUNT_TEXTS.accountLocked } });
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);

    // No other door by password: the right one from an address that failed nothing, or in Settings.
    const right = await signIn(owner.email, owner.password, freshAddress());
    expect(right.status).toBe(429);
    expect(right.body.error.code).toBe('account_locked');
    const settings = await owner.client.post<ErrorBody>('/api/account/password', { currentPassword: owner.password, newPassword: 'changed meanwhile 1' });
    expect(settings.status).toBe(429);

    // One email, however many refusals, with the reset link that signs the owner in.
    const token = await linkToken(api.server, owner.email, 'Too many sign-in attempts on your Drabble account', '/reset-password');
    expect(api.server.mail.messages.filter((m) => m.to.includes(owner.email) && m.subject.startsWith('Too many'))).toHaveLength(1);
    const browser = api.server.client();
    expect((await browser.post('/api/account/password/reset', { token, newPassword: 'back in again 1' })).status).toBe(200);
    expect((await browser.get('/api/me')).status).toBe(200);
    // The reset wipes the failures: the new password works from anywhere again.
    expect((await signIn(owner.email, 'back in again 1', freshAddress())).status).toBe(200);
  });

  it('counts IPv6 addresses by their /64', async () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:ffff::9'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    const person = await signUp(api.server);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(person.email, 'wrong guess', `2001:db8:77:1::${(i + 1).toString(16)}`)),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(5);
    expect((await signIn(person.email, 'wrong guess', '2001:db8:77:2::1')).status).toBe(401);
  });

  it('counts a wrong current password in Settings like a failed sign-in', async () => {
    const person = await signUp(api.server);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await person.client.post<ErrorBody>('/api/account/password', { currentPassword: 'guess', newPassword: 'new password 1' })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });

  it('hashes a few at a time, so other requests are answered in the middle of a flood of password checks', async () => {
    const people = await Promise.all(Array.from({ length: 24 }, () => signUp(api.server)));
    const reader = await signUp(api.server);
    // Every one of these is allowed (a fresh address each) and costs a full argon2 hash.
    let floodDone = false;
    const flood = Promise.all(people.map((p) => signIn(p.email, 'wrong guess', freshAddress()))).finally(() => (floodDone = true));
    // Ask while hashes are waiting for a place, i.e. in the thick of the flood.
    for (let i = 0; i < 400 && hashingSlots.queued === 0; i++) await new Promise((r) => setTimeout(r, 5));
    const queuedDuring = hashingSlots.queued;
    expect(queuedDuring).toBeGreaterThan(0);
    // Another request is answered while hashes still wait for their turn: it is not queued behind
    // the flood. (An order of events, not a duration: timing belongs in benchmarks.)
    expect((await reader.client.get('/api/me')).status).toBe(200);
    expect({ stillQueued: hashingSlots.queued > 0 || !floodDone }).toEqual({ stillQueued: true });
    const results = await flood;
    expect(results.every((r) => r.status === 401)).toBe(true);
  });

  it('limits answers to emailed links per address', async () => {
    const from = freshAddress();
    const tries = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api.server.client().send('POST', '/api/account/verify-email', { token: `guess${String(i).padStart(20, '0')}` }, { 'x-forwarded-for': from }),
      ),
    );
    expect(tries.filter((r) => r.status === 400)).toHaveLength(30);
    expect(tries.filter((r) => r.status === 429)).toHaveLength(10);
  });

  it('says the same for a wrong password and an unknown email', async () => {
    const person = await signUp(api.server);
    const wrong = await signIn(person.email, 'not it', freshAddress());
    const unknown = await signIn(`nobody.${Date.now()}@example.com`, 'not it', freshAddress());
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.message).toBe(ACCOUNT_TEXTS.invalidCredentials);
  });
});
