import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialects } from '../test/databases';
import { useTestServer } from '../test/api-fixture';
import { ADMIN_EMAIL, signUp, startTestServer, uniqueEmail, verifyEmail } from '../test/server';
import { OWASP_ARGON2_COST } from './password';
import type { UserRecord } from '@common/me/user';

describe.each(testDialects())('sign-in on %s', (dialect) => {
  // At OWASP's cost, as a real server hashes: one test here checks the stored hash's parameters.
  const api = useTestServer(dialect, { options: { passwordCost: OWASP_ARGON2_COST } });

  it('signs up, creates the users record with spec defaults and reports it at /api/me', async () => {
    const { client, email, uid } = await signUp(api.server, { name: 'Ada Lovelace King' });
    const me = await client.get<{ user: UserRecord }>('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({
      uid,
      email,
      displayName: 'Ada Lovelace King',
      first: 'Ada',
      last: 'Lovelace King',
      profileIcon: 'User',
      colorTheme: 'blue',
      themeMode: null,
      dailyGoal: 500,
      streak: 0,
      bestStreak: 0,
      favorites: [],
      admin: false,
    });
    expect(me.body.user.createdAt).toBe(me.body.user.created_at);
  });

  it('derives first/last from the email when no display name is given', async () => {
    const email = `mary_jane-watson.${Date.now()}@example.com`;
    const { client } = await signUp(api.server, { email });
    const me = await client.get<{ user: UserRecord }>('/api/me');
    expect(me.body.user.first).toBe('mary');
    expect(me.body.user.last).toBe(`jane watson ${email.split('@')[0]!.split('.').pop()}`);
    expect(me.body.user.displayName).toBeNull();
  });

  it('makes only the owner address an admin, case-insensitively, once it is verified', async () => {
    const owner = await signUp(api.server, { email: ADMIN_EMAIL.toUpperCase() });
    const other = await signUp(api.server);
    expect((await owner.client.get<{ user: UserRecord }>('/api/me')).body.user).toMatchObject({ admin: false, emailVerified: false });
    expect((await owner.client.get('/api/admin/overview')).status).toBe(403);
    await verifyEmail(api.server, ADMIN_EMAIL);
    expect((await owner.client.get<{ user: UserRecord }>('/api/me')).body.user).toMatchObject({ admin: true, emailVerified: true });
    expect((await other.client.get<{ user: UserRecord }>('/api/me')).body.user.admin).toBe(false);
    expect((await owner.client.get('/api/admin/overview')).status).toBe(200);
    expect((await other.client.get('/api/admin/overview')).status).toBe(403);
    expect((await api.server.client().get('/api/admin/overview')).status).toBe(401);
  });

  it('answers 401 at /api/me when signed out, and after sign-out', async () => {
    expect((await api.server.client().get('/api/me')).status).toBe(401);
    const { client } = await signUp(api.server);
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    const me = await client.get<{ error: { code: string } }>('/api/me');
    expect(me.status).toBe(401);
    expect(me.body.error.code).toBe('unauthenticated');
  });

  it('signs in with the right password and answers the same for a wrong password and an unknown email', async () => {
    const { email, password } = await signUp(api.server);
    const client = api.server.client();
    const wrong = await client.post<{ error: { code: string; message: string } }>('/api/auth/sign-in/email', { email, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toEqual({ code: 'invalid_credentials', message: 'Incorrect email or password.' });
    const unknown = await client.post<{ error: { code: string; message: string } }>('/api/auth/sign-in/email', { email: uniqueEmail('ghost'), password });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toEqual(wrong.body.error);
    const ok = await client.post('/api/auth/sign-in/email', { email, password });
    expect(ok.status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('refuses a taken email, a short password and a bad email with human messages', async () => {
    const { email } = await signUp(api.server);
    const client = api.server.client();
    const taken = await client.post<{ error: { code: string; message: string } }>('/api/auth/sign-up/email', { email, password: 'long enough', name: '' });
    expect(taken.status).toBe(422);
    expect(taken.body.error.code).toBe('email_in_use');
    const short = await client.post<{ error: { code: string; message: string } }>('/api/auth/sign-up/email', { email: uniqueEmail(), password: '12345', name: '' });
    expect(short.status).toBe(400);
    expect(short.body.error).toEqual({ code: 'weak_password', message: 'Password must be at least 8 characters.' });
    const bad = await client.post<{ error: { code: string } }>('/api/auth/sign-up/email', { email: 'not-an-email', password: 'long enough', name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_email');
  });

  it('stores argon2id hashes, not better-auth default scrypt', async () => {
    const { uid } = await signUp(api.server);
    const row = await sql<{ password: string }>`select password from ${sql.table('authAccounts')} where ${sql.ref('userId')} = ${uid}`.execute(api.server.ctx.db);
    expect(row.rows[0]?.password).toMatch(/^\$argon2id\$v=19\$m=47104,t=1,p=1\$/);
  });

  it('rate-limits repeated failed sign-ins for one email from one address, in the database', async () => {
    const { email, password } = await signUp(api.server);
    const client = api.server.client();
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/auth/sign-in/email', { email, password: 'nope nope' })).status).toBe(401);
    }
    const limited = await client.post<{ error: { code: string } }>('/api/auth/sign-in/email', { email, password });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body.error.code).toBe('rate_limited');
    const stored = await api.server.ctx.db.selectFrom('rateLimits').select('count').where('key', '=', `pw:acct:${email}`).executeTakeFirst();
    expect(stored?.count).toBe(6);
  });

  it('logs user_login with the method and user_logout', async () => {
    const { client, uid } = await signUp(api.server);
    await client.post('/api/auth/sign-out', {});
    const rows = await api.server.ctx.db.selectFrom('systemLogs').select(['type', 'details', 'user']).where('user', 'like', `%${uid}%`).orderBy('timestamp').orderBy('id').execute();
    expect(rows.map((r) => r.type)).toEqual(['user_login', 'user_logout']);
    expect(JSON.parse(rows[0]!.details!)).toEqual({ method: 'Email/Password' });
  });

  it('revokes other sessions when the password changes', async () => {
    const first = await signUp(api.server);
    const second = api.server.client();
    await second.post('/api/auth/sign-in/email', { email: first.email, password: first.password });
    expect((await second.get('/api/me')).status).toBe(200);
    const changed = await first.client.post('/api/account/password', { currentPassword: first.password, newPassword: 'a brand new one' });
    expect(changed.status).toBe(200);
    expect((await second.get('/api/me')).status).toBe(401);
    expect((await first.client.get('/api/me')).status).toBe(200);
  });
});

describe('password cost', () => {
  it('a server started with another argon2id cost hashes new passwords at it, and signs them in', async () => {
    const server = await startTestServer('sqlite', {}, { passwordCost: { memoryCost: 2048, timeCost: 2, parallelism: 1 } });
    try {
      const person = await signUp(server);
      const row = await sql<{ password: string }>`select password from ${sql.table('authAccounts')} where ${sql.ref('userId')} = ${person.uid}`.execute(server.ctx.db);
      expect(row.rows[0]?.password).toMatch(/^\$argon2id\$v=19\$m=2048,t=2,p=1\$/);
      const again = await server.client().post('/api/auth/sign-in/email', { email: person.email, password: person.password });
      expect(again.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('sign-up limit', () => {
  it('refuses more new accounts per address and hour than SIGNUP_RATE_LIMIT allows', async () => {
    const server = await startTestServer('sqlite', { SIGNUP_RATE_LIMIT: '2' });
    try {
      await signUp(server);
      await signUp(server);
      const third = await server.client().post<{ error: { code: string } }>('/api/auth/sign-up/email', { email: uniqueEmail(), password: 'long enough', name: '' });
      expect(third.status).toBe(429);
      expect(third.body.error.code).toBe('rate_limited');
    } finally {
      await server.stop();
    }
  });
});
