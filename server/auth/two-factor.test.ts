import * as OTPAuth from 'otpauth';
import { symmetricEncrypt } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_TEXTS, type TwoFactorStatus } from '@common/account/two-factor';
import { deleteAccountNow } from '../features/account-deletion/service';
import { testDialects } from '../test/databases';
import type { TestClient } from '../test/client';
import { AFTER_CODE_PATHS } from './two-factor';
import { codeOf, turnOnTwoFactor } from '../test/two-factor';
import { makeAdmin, respond, storedThread, submitRequest } from '../features/feature-requests/test-support';
import { recordUserEvents } from '../test/events';
import { openEventStream } from '../test/sse';
import { useTestServer } from '../test/api-fixture';
import { ADMIN_EMAIL, signUp, signUpVerified, type SignedUp } from '../test/server';

type ErrorBody = { error: { code: string; message: string } };
type Enabled = { totpURI: string; backupCodes: string[] };

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe.each(testDialects())('two-factor sign-in, on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { TRUSTED_PROXY_HEADER: 'x-forwarded-for', SIGNUP_RATE_LIMIT: '1000' } });

  let nextAddress = 1;
  const freshAddress = () => `10.2.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
  const from = (ip: string, userAgent = CHROME_MAC) => ({ 'x-forwarded-for': ip, 'user-agent': userAgent });

  const turnOn = turnOnTwoFactor;

  /** The password step of a sign-in, in a new browser at `ip`. */
  async function passwordStep(person: SignedUp, ip: string) {
    const client = api.server.client();
    const res = await client.post<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', { email: person.email, password: person.password }, from(ip));
    return { client, res };
  }
  const signedIn = async (client: TestClient) => (await client.get<{ user: { email: string } } | null>('/api/auth/get-session')).body;

  it('turns on with the password and one code, then asks every sign-in for a code, once each', async () => {
    const person = await signUp(api.server);
    const wrong = await person.client.post<ErrorBody>('/api/auth/two-factor/enable', { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('invalid_password');
    expect((await person.client.post<ErrorBody>('/api/auth/two-factor/enable', {})).status).toBe(400);

    const enabled = await person.client.post<Enabled>('/api/auth/two-factor/enable', { password: person.password });
    expect(enabled.status).toBe(200);
    expect(enabled.body.backupCodes).toHaveLength(10);
    expect(new Set(enabled.body.backupCodes).size).toBe(10);
    const totp = OTPAuth.URI.parse(enabled.body.totpURI) as OTPAuth.TOTP;
    expect(totp.issuer).toBe('Drabble');
    expect(totp.label).toBe(person.email);
    // Not on until a code from the app confirms the scan.
    expect((await person.client.get<TwoFactorStatus>('/api/account/two-factor')).body).toEqual({ enabled: false, required: false, hasPassword: true, passed: false });
    const badConfirm = await person.client.post<ErrorBody>('/api/auth/two-factor/verify-totp', { code: '000000' === codeOf(totp) ? '111111' : '000000' });
    expect(badConfirm.status).toBe(401);
    expect(badConfirm.body.error).toEqual({ code: 'invalid_code', message: TWO_FACTOR_TEXTS.wrongCode });
    // People paste codes with a space in the middle.
    const code = codeOf(totp);
    expect((await person.client.post('/api/auth/two-factor/verify-totp', { code: `${code.slice(0, 3)} ${code.slice(3)}` })).status).toBe(200);
    expect((await person.client.get<TwoFactorStatus>('/api/account/two-factor')).body.enabled).toBe(true);
    // Turning it on kept this browser signed in.
    expect((await signedIn(person.client))?.user.email).toBe(person.email);
    const on = await api.server.mail.waitFor({ to: person.email, subject: 'Two-factor sign-in is on for your Drabble account' });
    expect(on.links).toContain(`${api.server.config.publicUrl}/settings#two-factor`);

    // The password alone signs no one in.
    const ip = freshAddress();
    const { client, res } = await passwordStep(person, ip);
    expect(res.status).toBe(200);
    expect(res.body.twoFactorRedirect).toBe(true);
    expect(await signedIn(client)).toBeNull();
    const wrongCode = await client.post<ErrorBody>('/api/auth/two-factor/verify-totp', { code: '12345' }, from(ip));
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.error.code).toBe('validation_failed');

    const next = codeOf(totp, 1);
    const second = await client.post('/api/auth/two-factor/verify-totp', { code: next }, from(ip));
    expect(second.status).toBe(200);
    expect(JSON.stringify(second.body)).not.toMatch(/"token"/);
    expect((await signedIn(client))?.user.email).toBe(person.email);

    // The same code, seen over a shoulder, does not sign anyone else in within its window.
    const other = await passwordStep(person, ip);
    const replay = await other.client.post<ErrorBody>('/api/auth/two-factor/verify-totp', { code: next }, from(ip));
    expect(replay.status).toBe(401);
    expect(replay.body.error).toEqual({ code: 'code_reused', message: TWO_FACTOR_TEXTS.codeReused });
    expect(await signedIn(other.client)).toBeNull();
  });

  it('lets five parallel sign-ins with the same code through exactly once', async () => {
    const person = await signUp(api.server);
    const { totp } = await turnOn(person);
    const ip = freshAddress();
    const steps = [];
    for (let i = 0; i < 5; i += 1) steps.push(await passwordStep(person, ip));
    const code = codeOf(totp, 1);
    const answers = await Promise.all(steps.map(({ client }) => client.post('/api/auth/two-factor/verify-totp', { code }, from(ip))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(4);
  });

  it('takes each recovery code once', async () => {
    const person = await signUp(api.server);
    const { recoveryCodes } = await turnOn(person);
    const ip = freshAddress();
    const first = await passwordStep(person, ip);
    const used = recoveryCodes[3]!;
    expect((await first.client.post('/api/auth/two-factor/verify-backup-code', { code: used }, from(ip))).status).toBe(200);
    expect((await signedIn(first.client))?.user.email).toBe(person.email);

    const again = await passwordStep(person, ip);
    const refused = await again.client.post<ErrorBody>('/api/auth/two-factor/verify-backup-code', { code: used }, from(ip));
    expect(refused.status).toBe(401);
    expect(refused.body.error).toEqual({ code: 'invalid_code', message: TWO_FACTOR_TEXTS.wrongRecoveryCode });
    expect(await signedIn(again.client)).toBeNull();
    // Typed without its dash, another one works.
    const other = recoveryCodes[7]!.replace('-', '');
    expect((await again.client.post('/api/auth/two-factor/verify-backup-code', { code: other }, from(ip))).status).toBe(200);

    // New codes need the password, and replace the old ones.
    expect((await person.client.post<ErrorBody>('/api/auth/two-factor/generate-backup-codes', { password: 'wrong' })).body.error.code).toBe('invalid_password');
    const fresh = await person.client.post<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', { password: person.password });
    expect(fresh.status).toBe(200);
    expect(fresh.body.backupCodes).toHaveLength(10);
    const third = await passwordStep(person, ip);
    expect((await third.client.post('/api/auth/two-factor/verify-backup-code', { code: recoveryCodes[0] }, from(ip))).status).toBe(401);
    expect((await third.client.post('/api/auth/two-factor/verify-backup-code', { code: fresh.body.backupCodes[0] }, from(ip))).status).toBe(200);
  });

  it('gives recovery codes without look-alike characters, in one case, and takes any code in any case, those given before too', async () => {
    const person = await signUp(api.server);
    const { recoveryCodes } = await turnOn(person);
    const unambiguous = /^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/;
    expect(recoveryCodes.filter((code) => !unambiguous.test(code))).toEqual([]);
    const ip = freshAddress();
    const first = await passwordStep(person, ip);
    expect((await first.client.post('/api/auth/two-factor/verify-backup-code', { code: recoveryCodes[0]!.toUpperCase() }, from(ip))).status).toBe(200);

    // Codes given before mixed cases: stored as they were, they are taken in lower case (once).
    const earlier = ['AbC12-dE3f4', 'Zz9Yy-8XxWw'];
    const backupCodes = await symmetricEncrypt({ key: api.server.config.authSecret!, data: JSON.stringify(earlier) });
    await api.server.ctx.db.updateTable('authTwoFactors').set({ backupCodes }).where('userId', '=', person.uid).execute();
    const second = await passwordStep(person, ip);
    expect((await second.client.post('/api/auth/two-factor/verify-backup-code', { code: 'abc12de3f4' }, from(ip))).status).toBe(200);
    const third = await passwordStep(person, ip);
    expect((await third.client.post('/api/auth/two-factor/verify-backup-code', { code: 'AbC12-dE3f4' }, from(ip))).status).toBe(401);
    expect((await third.client.post('/api/auth/two-factor/verify-backup-code', { code: 'ZZ9YY-8XXWW' }, from(ip))).status).toBe(200);
    // And as the password's stand-in in settings.
    const fresh = await person.client.post<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', { password: person.password });
    expect(fresh.body.backupCodes.filter((code) => !unambiguous.test(code))).toEqual([]);
    const byCode = await person.client.post<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes-with-code', { code: fresh.body.backupCodes[4]!.toUpperCase() });
    expect(byCode.status).toBe(200);
    expect(byCode.body.backupCodes.filter((code) => !unambiguous.test(code))).toEqual([]);
  });

  it('counts wrong codes against the password limits: a burst of 100 gets exactly the limit checked', async () => {
    const person = await signUp(api.server);
    const { totp } = await turnOn(person);
    const ip = freshAddress();
    const { client } = await passwordStep(person, ip);
    const right = codeOf(totp, 1);
    const wrong = right === '000000' ? '000001' : '000000';
    const burst = await Promise.all(Array.from({ length: 100 }, () => client.post<ErrorBody>('/api/auth/two-factor/verify-totp', { code: wrong }, from(ip))));
    // Five per account and address in 15 minutes (limits.ts passwordChecksPerAccountAddress), as for passwords.
    expect(burst.filter((r) => r.status === 401)).toHaveLength(5);
    const refused = burst.filter((r) => r.status === 429);
    expect(refused).toHaveLength(95);
    expect(refused[0]!.headers.get('retry-after')).toMatch(/^\d+$/);
    // The right code from that address waits too, and so does the password there.
    expect((await client.post('/api/auth/two-factor/verify-totp', { code: right }, from(ip))).status).toBe(429);
    expect((await passwordStep(person, ip)).res.status).toBe(429);
    // Recovery-code guesses count in the same counters: from a new address the account's own
    // limit is used up, and only the one try a fresh address always gets is checked.
    const ip2 = freshAddress();
    const second = await passwordStep(person, ip2);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () => second.client.post('/api/auth/two-factor/verify-backup-code', { code: 'AAAAA-BBBBB' }, from(ip2))),
    );
    expect(guesses.filter((r) => r.status === 401)).toHaveLength(1);
    expect(guesses.filter((r) => r.status === 429)).toHaveLength(19);
  });

  it('turns off only with the password, and says so by email', async () => {
    const person = await signUp(api.server);
    await turnOn(person);
    const wrong = await person.client.post<ErrorBody>('/api/auth/two-factor/disable', { password: 'nope nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('invalid_password');
    expect((await person.client.get<TwoFactorStatus>('/api/account/two-factor')).body.enabled).toBe(true);
    // Someone between the password and the code cannot turn it off.
    const pending = await passwordStep(person, freshAddress());
    expect((await pending.client.post('/api/auth/two-factor/disable', { password: person.password })).status).toBe(401);

    expect((await person.client.post('/api/auth/two-factor/disable', { password: person.password })).status).toBe(200);
    expect((await person.client.get<TwoFactorStatus>('/api/account/two-factor')).body.enabled).toBe(false);
    await api.server.mail.waitFor({ to: person.email, subject: 'Two-factor sign-in was turned off for your Drabble account' });
    const { client, res } = await passwordStep(person, freshAddress());
    expect(res.body.twoFactorRedirect).toBeUndefined();
    expect((await signedIn(client))?.user.email).toBe(person.email);
  });

  it('turns off with a code from the app instead of the password, once per code, and says so by email', async () => {
    const person = await signUp(api.server);
    // Not on yet (set up but unconfirmed): a code is no password until it is on.
    const started = await person.client.post<Enabled>('/api/auth/two-factor/enable', { password: person.password });
    const pendingTotp = OTPAuth.URI.parse(started.body.totpURI) as OTPAuth.TOTP;
    const early = await person.client.post<ErrorBody>('/api/auth/two-factor/disable-with-code', { code: codeOf(pendingTotp) });
    expect(early.status).toBe(400);
    expect(early.body.error.code).toBe('two_factor_not_enabled');
    expect((await person.client.get<TwoFactorStatus>('/api/account/two-factor')).body.enabled).toBe(false);

    const { totp } = await turnOn(person);
    const right = codeOf(totp, 1);
    const wrongCode = right === '000000' ? '000001' : '000000';
    const wrong = await person.client.post<ErrorBody>('/api/auth/two-factor/disable-with-code', { code: wrongCode });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toEqual({ code: 'invalid_code', message: TWO_FACTOR_TEXTS.wrongCode });
    // Bad input, a guest, someone between the password and the code, and the inner endpoint itself.
    for (const body of [{}, { code: '12345' }, { code: 'not a code!' }, { code: 123456 }, { code: right, password: person.password }]) {
      const res = await person.client.post<ErrorBody>('/api/auth/two-factor/disable-with-code', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const guest = await api.server.client().post<ErrorBody>('/api/auth/two-factor/disable-with-code', { code: right });
    expect(guest.status).toBe(401);
    expect(guest.body.error.code).toBe('unauthenticated');
    const pending = await passwordStep(person, freshAddress());
    expect((await pending.client.post('/api/auth/two-factor/disable-with-code', { code: right })).status).toBe(401);
    expect(await signedIn(pending.client)).toBeNull();
    for (const path of Object.values(AFTER_CODE_PATHS)) expect((await person.client.post(`/api/auth${path}`, {})).status).toBe(404);
    expect((await person.client.get<TwoFactorStatus>('/api/account/two-factor')).body.enabled).toBe(true);

    // The same code was not used up by the refusals above.
    const off = await person.client.post('/api/auth/two-factor/disable-with-code', { code: `${right.slice(0, 3)} ${right.slice(3)}` });
    expect(off.status).toBe(200);
    expect((await person.client.get<TwoFactorStatus>('/api/account/two-factor')).body.enabled).toBe(false);
    expect((await signedIn(person.client))?.user.email).toBe(person.email);
    await api.server.mail.waitFor({ to: person.email, subject: 'Two-factor sign-in was turned off for your Drabble account' });
    expect(await api.server.ctx.db.selectFrom('authTwoFactors').select('id').where('userId', '=', person.uid).execute()).toHaveLength(0);
  });

  it('gives new recovery codes for a recovery code, which is then used up, or for an app code accepted once', async () => {
    const person = await signUp(api.server);
    const { totp, recoveryCodes } = await turnOn(person);
    const used = recoveryCodes[2]!;
    const fresh = await person.client.post<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes-with-code', { code: used.replace('-', '') });
    expect(fresh.status).toBe(200);
    expect(fresh.body.backupCodes).toHaveLength(10);
    expect(fresh.body.backupCodes.every((code) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(code))).toBe(true);
    // Used up, and the old ones are gone with it.
    const again = await person.client.post<ErrorBody>('/api/auth/two-factor/generate-backup-codes-with-code', { code: used });
    expect(again.status).toBe(401);
    expect(again.body.error).toEqual({ code: 'invalid_code', message: TWO_FACTOR_TEXTS.wrongRecoveryCode });
    expect((await person.client.post('/api/auth/two-factor/generate-backup-codes-with-code', { code: recoveryCodes[5] })).status).toBe(401);

    const code = codeOf(totp, 1);
    const byApp = await person.client.post<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes-with-code', { code });
    expect(byApp.status).toBe(200);
    const replay = await person.client.post<ErrorBody>('/api/auth/two-factor/generate-backup-codes-with-code', { code });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toEqual({ code: 'code_reused', message: TWO_FACTOR_TEXTS.codeReused });
    // A code that turned something off or made new codes cannot then finish a sign-in.
    const ip = freshAddress();
    const { client } = await passwordStep(person, ip);
    expect((await client.post('/api/auth/two-factor/verify-totp', { code }, from(ip))).status).toBe(401);
    expect((await client.post('/api/auth/two-factor/verify-backup-code', { code: byApp.body.backupCodes[0] }, from(ip))).status).toBe(200);
    expect((await signedIn(client))?.user.email).toBe(person.email);
  });

  it('counts wrong codes instead of the password against the password limits: a burst gets exactly the limit checked', async () => {
    const person = await signUp(api.server);
    const { totp } = await turnOn(person);
    const ip = freshAddress();
    const right = codeOf(totp, 1);
    const wrong = right === '000000' ? '000001' : '000000';
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        person.client.post<ErrorBody>(`/api/auth/two-factor/${i % 2 ? 'disable' : 'generate-backup-codes'}-with-code`, { code: i % 3 ? wrong : 'AAAAA-BBBBB' }, from(ip)),
      ),
    );
    // Five per account and address in 15 minutes (limits.ts passwordChecksPerAccountAddress).
    expect(burst.filter((r) => r.status === 401)).toHaveLength(5);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(25);
    // The right code waits too, and so does the password there.
    expect((await person.client.post('/api/auth/two-factor/disable-with-code', { code: right }, from(ip))).status).toBe(429);
    expect((await passwordStep(person, ip)).res.status).toBe(429);
    expect((await person.client.get<TwoFactorStatus>('/api/account/two-factor')).body.enabled).toBe(true);
  });

  it('emails a sign-in from a browser and address the account never used, once', async () => {
    const home = freshAddress();
    const client = api.server.client();
    const email = `new-sign-in.${home.replaceAll('.', '-')}@example.com`;
    const password = 'correct horse 1';
    expect((await client.post('/api/auth/sign-up/email', { email, password, name: 'Ada' }, from(home))).status).toBe(200);
    const signInAt = (ip: string, ua = CHROME_MAC) => api.server.client().post('/api/auth/sign-in/email', { email, password }, from(ip, ua));
    // The same browser and address as the sign-up: nothing to tell.
    expect((await signInAt(home)).status).toBe(200);
    const away = freshAddress();
    expect((await signInAt(away)).status).toBe(200);
    const mail = await api.server.mail.waitFor({ to: email, subject: 'New sign-in to your Drabble account' });
    expect(mail.text).toContain('Browser: Chrome on macOS');
    expect(mail.text).toContain(`Address: ${away}`);
    // A private address names no place, and no place data is credited.
    expect(mail.text).toContain('Place: unknown');
    expect(mail.text).toMatch(/Time: \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC/);
    expect(mail.links).toEqual([`${api.server.config.publicUrl}/settings#sessions`]);
    // Known now; a new browser at home is new again.
    expect((await signInAt(away)).status).toBe(200);
    expect((await signInAt(home, FIREFOX_WIN)).status).toBe(200);
    const firefox = await api.server.mail.waitFor({ to: email, subject: 'New sign-in to your Drabble account' });
    expect(firefox.text).toContain('Browser: Firefox on Windows');
    const pairs = await api.server.ctx.db.selectFrom('authKnownSignIns').select(['browser', 'address']).where('pairKey', 'like', '%').execute();
    expect(pairs.filter((p) => p.address === home || p.address === away).map((p) => `${p.browser} ${p.address}`).sort()).toEqual(
      [`Chrome on macOS ${away}`, `Chrome on macOS ${home}`, `Firefox on Windows ${home}`].sort(),
    );
    const notices = api.server.mail.messages.filter((m) => m.to.includes(email) && m.subject === 'New sign-in to your Drabble account');
    expect(notices).toHaveLength(2);
  });

  it('emails the sign-in that finished with a code, not the password step', async () => {
    const person = await signUp(api.server);
    const { totp } = await turnOn(person);
    const ip = freshAddress();
    const { client } = await passwordStep(person, ip);
    expect(api.server.mail.messages.filter((m) => m.to.includes(person.email) && m.subject.startsWith('New sign-in'))).toHaveLength(0);
    expect((await client.post('/api/auth/two-factor/verify-totp', { code: codeOf(totp, 1) }, from(ip))).status).toBe(200);
    const mail = await api.server.mail.waitFor({ to: person.email, subject: 'New sign-in to your Drabble account' });
    expect(mail.text).toContain(`Address: ${ip}`);
  });

  it('names the approximate place of a public address, IPv4 and IPv6, from the offline data', async () => {
    const person = await signUp(api.server);
    const newSignIn = async (ip: string) => {
      expect((await passwordStep(person, ip)).res.status).toBe(200);
      return api.server.mail.waitFor({ to: person.email, subject: 'New sign-in to your Drabble account' });
    };
    // Portugal's research network (FCCN), by IPv4.
    const lisbon = await newSignIn('193.136.0.1');
    expect(lisbon.text).toContain('Address: 193.136.0.1');
    expect(lisbon.text).toContain('Place: Portugal (approximate, from the address)');
    expect(lisbon.text).toContain('Place from IP Geolocation by DB-IP: https://db-ip.com');
    expect(lisbon.links).toContain('https://db-ip.com');
    // The UK's (Jisc), by IPv6: remembered by its /64, placed by the address itself.
    const oxford = await newSignIn('2001:630:0:1::2');
    expect(oxford.text).toContain('Address: 2001:630:0:1::/64');
    expect(oxford.text).toContain('Place: United Kingdom (approximate, from the address)');
    // An IPv4 client seen through an IPv6 socket or proxy: its IPv4 address, placed.
    const mapped = await newSignIn('::ffff:8.8.8.8');
    expect(mapped.text).toContain('Address: 8.8.8.8');
    expect(mapped.text).toContain('Place: United States (approximate, from the address)');
  });

  it('deletes the two-factor rows with the account', async () => {
    const person = await signUp(api.server);
    await turnOn(person);
    const rows = async () =>
      Promise.all([
        api.server.ctx.db.selectFrom('authTwoFactors').select('id').where('userId', '=', person.uid).execute(),
        api.server.ctx.db.selectFrom('authKnownSignIns').select('id').where('userId', '=', person.uid).execute(),
      ]);
    const [before] = await rows();
    expect(before).toHaveLength(1);
    await deleteAccountNow(api.server.ctx, person.uid, { adminUid: null, reason: 'test' });
    expect((await rows()).flat()).toHaveLength(0);
  });
});

describe.each(testDialects())('REQUIRE_ADMIN_2FA, on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { REQUIRE_ADMIN_2FA: 'true' } });

  it('refuses every admin API to an admin without two-factor until it is on', async () => {
    const admin = await signUpVerified(api.server, { email: ADMIN_EMAIL });
    expect((await admin.client.get<TwoFactorStatus>('/api/account/two-factor')).body).toEqual({ enabled: false, required: true, hasPassword: true, passed: false });
    for (const path of ['/api/admin/overview', '/api/admin/users', '/api/admin/reports', '/api/admin/backups']) {
      const res = await admin.client.get<ErrorBody>(path);
      expect(res.status, path).toBe(403);
      expect(res.body.error).toEqual({ code: 'two_factor_required', message: TWO_FACTOR_TEXTS.adminRequired });
    }
    // Someone who is no admin gets the usual answer, and needs nothing.
    const writer = await signUpVerified(api.server);
    expect((await writer.client.get<TwoFactorStatus>('/api/account/two-factor')).body.required).toBe(false);
    expect((await writer.client.get<ErrorBody>('/api/admin/overview')).body.error.code).toBe('forbidden');

    const enabled = await admin.client.post<Enabled>('/api/auth/two-factor/enable', { password: admin.password });
    const totp = OTPAuth.URI.parse(enabled.body.totpURI) as OTPAuth.TOTP;
    // Started but not confirmed is not enough.
    expect((await admin.client.get('/api/admin/overview')).status).toBe(403);
    expect((await admin.client.post('/api/auth/two-factor/verify-totp', { code: codeOf(totp) })).status).toBe(200);
    expect((await admin.client.get('/api/admin/overview')).status).toBe(200);
  });
});

describe.each(testDialects())('REQUIRE_ADMIN_2FA asks the session, not only the account, on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { REQUIRE_ADMIN_2FA: 'true' } });

  const status = async (client: TestClient) => (await client.get<TwoFactorStatus>('/api/account/two-factor')).body;

  it('refuses admin APIs to a session that did not pass the second factor, though the account has it on', async () => {
    const admin = await makeAdmin(api.server, await signUpVerified(api.server));
    // A second browser, signed in before two-factor was on: its session never passed it.
    const earlier = api.server.client();
    expect((await earlier.post('/api/auth/sign-in/email', { email: admin.email, password: admin.password })).status).toBe(200);
    const { totp } = await turnOnTwoFactor(admin);
    // Turning it on with a code from the app is passing it, in this browser.
    expect((await admin.client.get('/api/admin/overview')).status).toBe(200);
    expect(await status(admin.client)).toEqual({ enabled: true, required: true, hasPassword: true, passed: true });

    expect(await status(earlier)).toEqual({ enabled: true, required: true, hasPassword: true, passed: false });
    for (const path of ['/api/admin/overview', '/api/admin/users', '/api/admin/feature-requests']) {
      const res = await earlier.get<ErrorBody>(path);
      expect(res.status, path).toBe(403);
      expect(res.body.error).toEqual({ code: 'two_factor_required', message: TWO_FACTOR_TEXTS.adminSignInAgain });
    }

    // Signing in again, with the code, gives the admin screens back.
    const again = api.server.client();
    const password = await again.post<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', { email: admin.email, password: admin.password });
    expect(password.body.twoFactorRedirect).toBe(true);
    expect((await again.post('/api/auth/two-factor/verify-totp', { code: codeOf(totp, 1) })).status).toBe(200);
    expect((await again.get('/api/admin/overview')).status).toBe(200);
    expect((await status(again)).passed).toBe(true);
  });

  it('holds back every session of an admin who turns two-factor off, with the password or with a code, here and elsewhere', async () => {
    const admin = await makeAdmin(api.server, await signUpVerified(api.server));
    const { totp } = await turnOnTwoFactor(admin);
    const elsewhere = api.server.client();
    await elsewhere.post('/api/auth/sign-in/email', { email: admin.email, password: admin.password });
    expect((await elsewhere.post('/api/auth/two-factor/verify-totp', { code: codeOf(totp, 1) })).status).toBe(200);
    expect((await elsewhere.get('/api/admin/overview')).status).toBe(200);
    expect((await admin.client.post('/api/auth/two-factor/disable', { password: admin.password })).status).toBe(200);
    for (const client of [admin.client, elsewhere]) {
      const res = await client.get<ErrorBody>('/api/admin/overview');
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ code: 'two_factor_required', message: TWO_FACTOR_TEXTS.adminRequired });
      expect((await status(client)).passed).toBe(false);
    }
    // Turned off with a code instead of the password: the same.
    const again = await turnOnTwoFactor(admin);
    expect((await admin.client.get('/api/admin/overview')).status).toBe(200);
    expect((await admin.client.post('/api/auth/two-factor/disable-with-code', { code: codeOf(again.totp, 1) })).status).toBe(200);
    expect((await admin.client.get('/api/admin/overview')).status).toBe(403);
  });

  it("gives an admin whose session did not pass no more than a member in feature requests' threads, and no admins' topic", async () => {
    const answering = await makeAdmin(api.server, await signUpVerified(api.server));
    await turnOnTwoFactor(answering);
    const idle = await makeAdmin(api.server, await signUpVerified(api.server));
    const writer = await signUp(api.server);
    const request = await submitRequest(writer.client, 'Footnotes in stories, please');
    const { conversationId } = await respond(answering.client, request.id, 'Looking into it');
    const thread = `/api/conversations/${conversationId}`;
    const before = await storedThread(api.server.ctx.db, request.id);

    // To the admin without two-factor the thread does not exist, as to any member who is not in it.
    for (const path of [thread, `${thread}/messages`]) expect((await idle.client.get(path)).status, path).toBe(404);
    expect((await idle.client.post(`${thread}/messages`, { text: 'An admin answer' })).status).toBe(404);
    expect((await idle.client.post(`${thread}/read`, {})).status).toBe(404);
    const listed = await idle.client.get<{ conversations: Array<{ id: string }> }>('/api/conversations');
    expect(listed.body.conversations.map((c) => c.id)).not.toContain(conversationId);
    const after = await storedThread(api.server.ctx.db, request.id);
    expect([after.messages.length, after.participants.length, after.responses.length]).toEqual([before.messages.length, before.participants.length, before.responses.length]);

    // Their live stream does not carry the admins' topic: a new request's text reaches the
    // admin who passed it, and not them, though an event after it on their own topic does.
    const idleStream = await openEventStream(idle.client);
    const answeringStream = await openEventStream(answering.client);
    try {
      await submitRequest(writer.client, 'A secret wish for the admins');
      expect((await answeringStream.next('notification.created')).data).toContain('A secret wish for the admins');
      await recordUserEvents(api.server, idle.uid, 1);
      await idleStream.next('user.updated');
      expect(idleStream.received.filter((m) => m.data.includes('secret wish') || m.event === 'notification.created' || m.event === 'featureRequest.changed')).toEqual([]);
    } finally {
      idleStream.close();
      answeringStream.close();
    }

    // Once they turn two-factor on (a code from the app, in this session), the thread is theirs to answer.
    await turnOnTwoFactor(idle);
    expect((await idle.client.get(thread)).status).toBe(200);
    expect((await idle.client.post(`${thread}/messages`, { text: 'An admin answer' })).status).toBe(201);
  });
});
