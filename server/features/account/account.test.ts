import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS, type AccountOverview, type AccountSessions } from '@common/account/account';
import type { UserRecord } from '@common/me/user';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { linkToken, signUp, signUpVerified, uniqueEmail, verifyEmail } from '../../test/server';
import { syncEmailVerification } from '../../auth/owner';

type Me = { user: UserRecord };
type ErrorBody = { error: { code: string; message: string } };
type Message = { message: string };

describe.each(testDialects())('own account on %s', (dialect) => {
  const api = useTestServer(dialect);

  const signInWorks = async (email: string, password: string) =>
    (await api.server.client().post('/api/auth/sign-in/email', { email, password })).status === 200;

  describe('verification', () => {
    it('emails a link built from PUBLIC_URL at sign-up; the link verifies once', async () => {
      const person = await signUp(api.server, { name: 'Vera Fied' });
      const mail = await api.server.mail.waitFor({ to: person.email, subject: 'Verify your email address for Drabble' });
      expect(mail.from).toContain('no-reply@drabble.test');
      expect(mail.html).toContain('Drabble');
      const link = mail.links.find((l) => l.startsWith(`${api.server.config.publicUrl}/verify-email?token=`));
      expect(link).toBeDefined();
      const token = new URL(link!).searchParams.get('token')!;
      expect((await person.client.get<Me>('/api/me')).body.user.emailVerified).toBe(false);

      const first = await api.server.client().post<Message>('/api/account/verify-email', { token });
      expect(first.status).toBe(200);
      expect(first.body.message).toBe(ACCOUNT_TEXTS.emailVerified);
      expect((await person.client.get<Me>('/api/me')).body.user.emailVerified).toBe(true);

      const again = await api.server.client().post<ErrorBody>('/api/account/verify-email', { token });
      expect(again.status).toBe(400);
      expect(again.body.error.message).toBe(ACCOUNT_TEXTS.linkInvalid);
    });

    it('refuses an expired link and a made-up one', async () => {
      const person = await signUp(api.server);
      const token = await linkToken(api.server, person.email, /Verify/, '/verify-email');
      await api.server.ctx.db.updateTable('accountTokens').set({ expiresAt: Date.now() - 1 }).where('uid', '=', person.uid).execute();
      expect((await api.server.client().post('/api/account/verify-email', { token })).status).toBe(400);
      expect((await api.server.client().post('/api/account/verify-email', { token: 'A'.repeat(43) })).status).toBe(400);
      expect((await api.server.client().post('/api/account/verify-email', { token: '<script>' })).status).toBe(400);
      expect((await person.client.get<Me>('/api/me')).body.user.emailVerified).toBe(false);
    });

    it('resends on request, only the newest link works, and too many resends are refused', async () => {
      const person = await signUp(api.server);
      const old = await linkToken(api.server, person.email, /Verify/, '/verify-email');
      const resent = await person.client.post<Message>('/api/account/verification/resend');
      expect(resent.status).toBe(200);
      expect(resent.body.message).toBe(ACCOUNT_TEXTS.verificationSent);
      const fresh = await linkToken(api.server, person.email, /Verify/, '/verify-email');
      expect((await api.server.client().post('/api/account/verify-email', { token: old })).status).toBe(400);
      await person.client.post('/api/account/verification/resend');
      await person.client.post('/api/account/verification/resend');
      const limited = await person.client.post<ErrorBody>('/api/account/verification/resend');
      expect(limited.status).toBe(429);
      expect(limited.body.error.message).toBe(ACCOUNT_TEXTS.tooOften);
      // The earlier links were replaced by the later resends.
      expect((await api.server.client().post('/api/account/verify-email', { token: fresh })).status).toBe(400);
      expect((await api.server.client().post('/api/account/verification/resend')).status).toBe(401);
    });

    it('refuses a resend once verified', async () => {
      const person = await signUpVerified(api.server);
      const res = await person.client.post<ErrorBody>('/api/account/verification/resend');
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(ACCOUNT_TEXTS.alreadyVerified);
    });

    it('at start-up, an admin whose address was never verified is an admin no more', async () => {
      const person = await signUp(api.server);
      await api.server.ctx.db.updateTable('users').set({ admin: 1 }).where('uid', '=', person.uid).execute();
      await syncEmailVerification(api.server.ctx.db, api.server.config.adminEmail, api.server.ctx.logger);
      expect((await person.client.get<Me>('/api/me')).body.user.admin).toBe(false);
      const verified = await signUpVerified(api.server);
      await api.server.ctx.db.updateTable('users').set({ admin: 1, emailVerified: 0 }).where('uid', '=', verified.uid).execute();
      await syncEmailVerification(api.server.ctx.db, api.server.config.adminEmail, api.server.ctx.logger);
      expect((await verified.client.get<Me>('/api/me')).body.user).toMatchObject({ admin: true, emailVerified: true });
    });
  });

  describe('forgot and reset password', () => {
    it('answers the same for any address and emails only an account holder', async () => {
      const person = await signUp(api.server);
      const ghost = uniqueEmail('ghost');
      // The ghost's first: its lookup is behind us once the account holder's email (asked after it) arrives.
      const unknown = await api.server.client().post<Message>('/api/account/password/forgot', { email: ghost });
      const known = await api.server.client().post<Message>('/api/account/password/forgot', { email: person.email });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.body).toEqual({ message: ACCOUNT_TEXTS.forgotAnswer });
      expect(unknown.body).toEqual(known.body);
      await api.server.mail.waitFor({ to: person.email, subject: 'Reset your Drabble password' });
      expect(api.server.mail.messages.some((m) => m.to.some((to) => to.toLowerCase() === ghost))).toBe(false);
    });

    it('resets once: every session ends, the browser is signed in afresh, the address counts as verified', async () => {
      const person = await signUp(api.server);
      const elsewhere = api.server.client();
      await elsewhere.post('/api/auth/sign-in/email', { email: person.email, password: person.password });
      await api.server.client().post('/api/account/password/forgot', { email: person.email });
      const token = await linkToken(api.server, person.email, 'Reset your Drabble password', '/reset-password');

      const browser = api.server.client();
      const weak = await browser.post<ErrorBody>('/api/account/password/reset', { token, newPassword: '123' });
      expect(weak.status).toBe(400);
      expect(weak.body.error.code).toBe('weak_password');

      const reset = await browser.post<Me>('/api/account/password/reset', { token, newPassword: 'a fresh password' });
      expect(reset.status).toBe(200);
      expect(reset.body.user).toMatchObject({ uid: person.uid, emailVerified: true });
      expect(JSON.stringify(reset.body)).not.toMatch(/token/i);
      expect((await browser.get<Me>('/api/me')).body.user.uid).toBe(person.uid);
      expect((await person.client.get('/api/me')).status).toBe(401);
      expect((await elsewhere.get('/api/me')).status).toBe(401);
      expect(await signInWorks(person.email, person.password)).toBe(false);
      expect(await signInWorks(person.email, 'a fresh password')).toBe(true);

      const reused = await api.server.client().post<ErrorBody>('/api/account/password/reset', { token, newPassword: 'another one' });
      expect(reused.status).toBe(400);
      expect(reused.body.error.message).toBe(ACCOUNT_TEXTS.linkInvalid);
    });

    it('refuses an expired reset link', async () => {
      const person = await signUp(api.server);
      await api.server.client().post('/api/account/password/forgot', { email: person.email });
      const token = await linkToken(api.server, person.email, 'Reset your Drabble password', '/reset-password');
      await api.server.ctx.db.updateTable('accountTokens').set({ expiresAt: Date.now() - 1 }).where('uid', '=', person.uid).where('purpose', '=', 'reset-password').execute();
      expect((await api.server.client().post('/api/account/password/reset', { token, newPassword: 'a fresh password' })).status).toBe(400);
      expect(await signInWorks(person.email, person.password)).toBe(true);
    });
  });

  describe('email change', () => {
    it('needs the current password, refuses a taken address, and changes only when the new address confirms', async () => {
      const person = await signUpVerified(api.server, { name: 'Moving Writer' });
      const taken = await signUp(api.server);
      const newEmail = uniqueEmail('moved');

      const noPassword = await person.client.post<ErrorBody>('/api/account/email', { newEmail });
      expect(noPassword.status).toBe(400);
      expect(noPassword.body.error.message).toBe(ACCOUNT_TEXTS.passwordRequired);
      const wrong = await person.client.post<ErrorBody>('/api/account/email', { newEmail, currentPassword: 'not it' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.message).toBe(ACCOUNT_TEXTS.wrongCurrentPassword);
      const clash = await person.client.post<ErrorBody>('/api/account/email', { newEmail: taken.email.toUpperCase(), currentPassword: person.password });
      expect(clash.status).toBe(409);
      const bad = await person.client.post<ErrorBody>('/api/account/email', { newEmail: 'not an email', currentPassword: person.password });
      expect(bad.status).toBe(400);

      const asked = await person.client.post<Message>('/api/account/email', { newEmail, currentPassword: person.password });
      expect(asked.status).toBe(200);
      expect(asked.body.message).toBe(ACCOUNT_TEXTS.emailChangeSent(newEmail));
      expect((await person.client.get<Me>('/api/me')).body.user.email).toBe(person.email);

      const token = await linkToken(api.server, newEmail, 'Confirm your new email address for Drabble', '/confirm-email');
      const confirmed = await api.server.client().post<Message>('/api/account/email/confirm', { token });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.message).toBe(ACCOUNT_TEXTS.emailChanged);
      expect((await person.client.get<Me>('/api/me')).body.user).toMatchObject({ email: newEmail, emailVerified: true });
      const notice = await api.server.mail.waitFor({ to: person.email, subject: 'Your Drabble email address was changed' });
      expect(notice.text).toContain(newEmail);
      expect(await signInWorks(newEmail, person.password)).toBe(true);
      expect(await signInWorks(person.email, person.password)).toBe(false);
      expect((await api.server.client().post('/api/account/email/confirm', { token })).status).toBe(400);
    });

    it('counts an address refused as taken like a change asked for, so addresses cannot be tested in bulk', async () => {
      const person = await signUpVerified(api.server);
      const others = await Promise.all(Array.from({ length: 3 }, () => signUp(api.server)));
      // One after another: a parallel burst would meet the password check's own limit first.
      const probes = [];
      for (let i = 0; i < 12; i++) probes.push(await person.client.post<ErrorBody>('/api/account/email', { newEmail: others[i % 3]!.email, currentPassword: person.password }));
      expect(probes.filter((r) => r.status === 409)).toHaveLength(5);
      expect(probes.filter((r) => r.status === 429).map((r) => r.body.error.message)).toEqual(Array(7).fill(ACCOUNT_TEXTS.tooOften));
      // The hour's places are spent for a real change too.
      expect((await person.client.post('/api/account/email', { newEmail: uniqueEmail('late'), currentPassword: person.password })).status).toBe(429);
    });

    it('refuses the confirmation when someone else took the address meanwhile', async () => {
      const person = await signUpVerified(api.server);
      const newEmail = uniqueEmail('race');
      await person.client.post('/api/account/email', { newEmail, currentPassword: person.password });
      const token = await linkToken(api.server, newEmail, /Confirm your new email/, '/confirm-email');
      await signUp(api.server, { email: newEmail });
      const res = await api.server.client().post<ErrorBody>('/api/account/email/confirm', { token });
      expect(res.status).toBe(409);
      expect((await person.client.get<Me>('/api/me')).body.user.email).toBe(person.email);
    });
  });

  describe('password change', () => {
    it('needs the current password, keeps this session, ends the others and tells the inbox', async () => {
      const person = await signUpVerified(api.server);
      const other = api.server.client();
      await other.post('/api/auth/sign-in/email', { email: person.email, password: person.password });
      const wrong = await person.client.post<ErrorBody>('/api/account/password', { currentPassword: 'nope', newPassword: 'brand new pass' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.message).toBe(ACCOUNT_TEXTS.wrongCurrentPassword);
      const short = await person.client.post<ErrorBody>('/api/account/password', { currentPassword: person.password, newPassword: '123' });
      expect(short.status).toBe(400);
      expect(short.body.error.code).toBe('weak_password');
      expect((await other.get('/api/me')).status).toBe(200);

      const changed = await person.client.post<Message>('/api/account/password', { currentPassword: person.password, newPassword: 'brand new pass' });
      expect(changed.status).toBe(200);
      expect(changed.body.message).toBe(ACCOUNT_TEXTS.passwordChanged);
      expect((await person.client.get('/api/me')).status).toBe(200);
      expect((await other.get('/api/me')).status).toBe(401);
      await api.server.mail.waitFor({ to: person.email, subject: 'Your Drabble password was changed' });
      expect(await signInWorks(person.email, 'brand new pass')).toBe(true);
    });
  });

  describe('display name', () => {
    it('takes 1–60 characters and re-derives first and last', async () => {
      const person = await signUp(api.server, { name: 'Old Name' });
      const res = await person.client.patch<Me>('/api/account/name', { displayName: '  Octavia Estelle Butler ' });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ displayName: 'Octavia Estelle Butler', name: 'Octavia Estelle Butler', first: 'Octavia', last: 'Estelle Butler' });
      expect((await person.client.patch('/api/account/name', { displayName: 'x'.repeat(60) })).status).toBe(200);
      for (const displayName of ['', '   ', 'x'.repeat(61), 42]) {
        expect((await person.client.patch('/api/account/name', { displayName })).status).toBe(400);
      }
      expect((await person.client.patch('/api/account/name', { displayName: 'Someone', uid: 'other' })).status).toBe(400);
      expect((await api.server.client().patch('/api/account/name', { displayName: 'Guest' })).status).toBe(401);
    });
  });

  describe('sessions', () => {
    it('lists the person’s sessions without tokens and signs out one or all others, only their own', async () => {
      const person = await signUp(api.server);
      const phone = api.server.client();
      await phone.send('POST', '/api/auth/sign-in/email', { email: person.email, password: person.password }, {
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      });
      const list = await person.client.get<AccountSessions>('/api/account/sessions');
      expect(list.status).toBe(200);
      expect(list.body.sessions).toHaveLength(2);
      expect(list.body.sessions[0]!.current).toBe(true);
      expect(list.body.sessions.map((s) => s.device)).toContain('Safari on iOS');
      expect(JSON.stringify(list.body)).not.toMatch(/token/i);
      // Addresses read as people know them: an IPv4 client reached over IPv6 shows as IPv4.
      for (const session of list.body.sessions) expect(session.ipAddress).not.toMatch(/^::ffff:/i);
      const phoneSession = list.body.sessions.find((s) => !s.current)!.id;
      for (const [stored, shown] of [
        ['::ffff:203.0.113.9', '203.0.113.9'],
        ['::FFFF:cb00:7109', '203.0.113.9'],
        ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
        ['198.51.100.7', '198.51.100.7'],
      ]) {
        await sql`update "authSessions" set "ipAddress" = ${stored} where "id" = ${phoneSession}`.execute(api.server.ctx.db);
        const again = await person.client.get<AccountSessions>('/api/account/sessions');
        expect(again.body.sessions.find((s) => s.id === phoneSession)!.ipAddress, stored).toBe(shown);
      }

      const stranger = await signUp(api.server);
      const strangers = await stranger.client.get<AccountSessions>('/api/account/sessions');
      const theirs = strangers.body.sessions[0]!.id;
      expect((await person.client.delete<ErrorBody>(`/api/account/sessions/${theirs}`)).status).toBe(404);
      expect((await stranger.client.get('/api/me')).status).toBe(200);

      const phoneId = list.body.sessions.find((s) => !s.current)!.id;
      const revoked = await person.client.delete<Message>(`/api/account/sessions/${phoneId}`);
      expect(revoked.status).toBe(200);
      expect((await phone.get('/api/me')).status).toBe(401);

      const laptop = api.server.client();
      await laptop.post('/api/auth/sign-in/email', { email: person.email, password: person.password });
      expect((await person.client.post<Message>('/api/account/sessions/revoke-others')).body.message).toBe(ACCOUNT_TEXTS.otherSessionsRevoked);
      expect((await laptop.get('/api/me')).status).toBe(401);
      expect((await person.client.get('/api/me')).status).toBe(200);
    });
  });

  describe('overview', () => {
    it('reports the address, its state, the password and the providers', async () => {
      const person = await signUp(api.server);
      const res = await person.client.get<AccountOverview>('/api/account');
      expect(res.body).toEqual({
        email: person.email,
        emailVerified: false,
        hasPassword: true,
        providers: [
          { id: 'google', label: 'Google', configured: false, connected: false },
          { id: 'microsoft', label: 'Microsoft', configured: false, connected: false },
        ],
      });
      await verifyEmail(api.server, person.email);
      expect((await person.client.get<AccountOverview>('/api/account')).body.emailVerified).toBe(true);
      expect((await api.server.client().get('/api/account')).status).toBe(401);
    });
  });
});
