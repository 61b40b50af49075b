import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { UserRecord } from '@common/me/user';
import { testDialects } from '../test/databases';
import { useTestServer } from '../test/api-fixture';
import { ADMIN_EMAIL, signUp, signUpVerified, uniqueEmail, type TestServer } from '../test/server';
import { connectProvider, signInWithProvider, startMockOidc } from '../test/oidc';
import { codeOf, turnOnTwoFactor } from '../test/two-factor';

type MockOidc = Awaited<ReturnType<typeof startMockOidc>>;

/** A test server whose Google (and, with `microsoft`, Microsoft) sign-in goes to a local OpenID provider, for the describe block it is called in. */
function serverWithProviders(dialect: Parameters<typeof useTestServer>[0], env: Record<string, string>, microsoft = false) {
  let oidc: MockOidc | undefined;
  beforeAll(async () => {
    oidc = await startMockOidc();
  });
  // Registered before the server's: runs after it stopped.
  afterAll(async () => {
    await oidc?.stop();
  });
  const api = useTestServer(dialect, {
    env: () => {
      const discovery = oidc!.discoveryUrl;
      return {
        GOOGLE_CLIENT_ID: 'google-client',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        GOOGLE_DISCOVERY_URL: discovery,
        ...(microsoft ? { MICROSOFT_CLIENT_ID: 'microsoft-client', MICROSOFT_CLIENT_SECRET: 'microsoft-secret', MICROSOFT_DISCOVERY_URL: discovery } : {}),
        ...env,
      };
    },
  });
  return {
    get oidc(): MockOidc {
      if (!oidc) throw new Error('serverWithProviders: the mock provider is read before its beforeAll ran');
      return oidc;
    },
    get server(): TestServer {
      return api.server;
    },
  };
}

describe.each(testDialects())('Google and Microsoft sign-in on %s', (dialect) => {
  const running = serverWithProviders(dialect, {}, true);
  let oidc: MockOidc;
  let server: TestServer;
  beforeAll(() => ({ oidc, server } = running));

  it('advertises both providers', async () => {
    const res = await server.client().get<{ providers: { google: boolean; microsoft: boolean } }>('/api/auth-config');
    expect(res.body.providers).toEqual({ google: true, microsoft: true });
  });

  for (const [providerId, method] of [['google', 'Google'], ['microsoft', 'Microsoft']] as const) {
    it(`signs a new person in with ${method}, creates their record and logs the method`, async () => {
      const email = uniqueEmail(providerId);
      oidc.signInAs({ sub: `${providerId}-${email}`, email, name: 'Grace Hopper' });
      const client = server.client();
      const done = await signInWithProvider(client, providerId);
      expect(done.status).toBe(302);
      expect(done.headers.get('location')).toBe('/stories');

      const me = await client.get<{ user: UserRecord }>('/api/me');
      expect(me.status).toBe(200);
      expect(me.body.user).toMatchObject({ email, displayName: 'Grace Hopper', first: 'Grace', last: 'Hopper', admin: false });

      const login = await server.ctx.db.selectFrom('systemLogs').select('details').where('type', '=', 'user_login').where('user', 'like', `%${me.body.user.uid}%`).executeTakeFirst();
      expect(JSON.parse(login?.details ?? '{}')).toEqual({ method });
    });
  }
});

type Me = { user: UserRecord };

describe.each(testDialects())('which provider identities may sign in to which accounts, on %s', (dialect) => {
  const running = serverWithProviders(dialect, {});
  let oidc: MockOidc;
  let server: TestServer;
  beforeAll(() => ({ oidc, server } = running));

  const refusedLocation = '/login?provider=google&error=account_not_linked';
  const passwordWorks = async (email: string, password: string) =>
    (await server.client().post('/api/auth/sign-in/email', { email, password })).status === 200;

  it('keys an identity by issuer and subject', async () => {
    const email = uniqueEmail('keyed');
    oidc.signInAs({ sub: `sub-${email}`, email, name: 'Key Holder' });
    const client = server.client();
    expect((await signInWithProvider(client, 'google')).status).toBe(302);
    const { user } = (await client.get<Me>('/api/me')).body;
    const row = await server.ctx.db.selectFrom('authAccounts').select('accountId').where('userId', '=', user.uid).where('providerId', '=', 'google').executeTakeFirstOrThrow();
    expect(row.accountId).toBe(`${oidc.issuer}|sub-${email}`);
    expect(user.emailVerified).toBe(true);
  });

  it('links a verified identity to an existing verified account', async () => {
    const person = await signUpVerified(server);
    oidc.signInAs({ sub: `sub-${person.email}`, email: person.email, name: 'Same Person' });
    const client = server.client();
    const done = await signInWithProvider(client, 'google');
    expect(done.headers.get('location')).toBe('/stories');
    expect((await client.get<Me>('/api/me')).body.user.uid).toBe(person.uid);
    expect(await passwordWorks(person.email, person.password)).toBe(true);
  });

  it('refuses a verified identity for an existing account whose email is unverified, and changes nothing', async () => {
    const squatter = await signUp(server);
    oidc.signInAs({ sub: `sub-${squatter.email}`, email: squatter.email, name: 'Real Owner' });
    const client = server.client();
    const done = await signInWithProvider(client, 'google');
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(refusedLocation);
    expect((await client.get('/api/me')).status).toBe(401);
    const links = await server.ctx.db.selectFrom('authAccounts').select('providerId').where('userId', '=', squatter.uid).execute();
    expect(links.map((l) => l.providerId)).toEqual(['credential']);
    expect((await squatter.client.get('/api/me')).status).toBe(200);
  });

  it('refuses an unverified identity for an existing account, verified or not', async () => {
    for (const person of [await signUpVerified(server), await signUp(server)]) {
      oidc.signInAs({ sub: `sub-${person.email}`, email: person.email, name: 'Tenant Admin', emailVerified: false });
      const client = server.client();
      expect((await signInWithProvider(client, 'google')).headers.get('location')).toBe(refusedLocation);
      expect((await client.get('/api/me')).status).toBe(401);
      expect(await passwordWorks(person.email, person.password)).toBe(true);
    }
  });

  it('creates an unverified account from an unverified identity; the owner address is admin only once a provider vouches for it', async () => {
    oidc.signInAs({ sub: 'owner-sub', email: ADMIN_EMAIL, name: 'Maybe Owner', emailVerified: false });
    const first = server.client();
    expect((await signInWithProvider(first, 'google')).headers.get('location')).toBe('/stories');
    expect((await first.get<Me>('/api/me')).body.user).toMatchObject({ email: ADMIN_EMAIL, emailVerified: false, admin: false });
    expect((await first.get('/api/admin/overview')).status).toBe(403);

    oidc.signInAs({ sub: 'owner-sub', email: ADMIN_EMAIL, name: 'The Owner', emailVerified: true });
    const second = server.client();
    expect((await signInWithProvider(second, 'google')).headers.get('location')).toBe('/stories');
    expect((await second.get<Me>('/api/me')).body.user).toMatchObject({ emailVerified: true, admin: true });
    expect((await second.get('/api/admin/overview')).status).toBe(200);
  });

  it('connecting a vouched-for identity to a never-verified account removes its password and every other session', async () => {
    const squatter = await signUp(server);
    const other = server.client();
    expect((await other.post('/api/auth/sign-in/email', { email: squatter.email, password: squatter.password })).status).toBe(200);
    oidc.signInAs({ sub: `sub-connect-${squatter.email}`, email: squatter.email, name: 'Real Owner' });
    const done = await connectProvider(squatter.client, 'google');
    expect(done.headers.get('location')).toBe('/settings');
    expect((await other.get('/api/me')).status).toBe(401);
    expect(await passwordWorks(squatter.email, squatter.password)).toBe(false);
    const me = await squatter.client.get<Me>('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user.emailVerified).toBe(true);
    const overview = await squatter.client.get<{ hasPassword: boolean; providers: Array<{ id: string; connected: boolean }> }>('/api/account');
    expect(overview.body.hasPassword).toBe(false);
    expect(overview.body.providers.find((p) => p.id === 'google')?.connected).toBe(true);
  });

  it('refuses to connect an identity that does not vouch for the address', async () => {
    const person = await signUpVerified(server);
    oidc.signInAs({ sub: `sub-unvouched-${person.email}`, email: person.email, name: 'Tenant Admin', emailVerified: false });
    const done = await connectProvider(person.client, 'google');
    expect(done.headers.get('location')).toBe('/settings?provider=google&error=unable_to_link_account');
    const links = await server.ctx.db.selectFrom('authAccounts').select('providerId').where('userId', '=', person.uid).execute();
    expect(links.map((l) => l.providerId)).toEqual(['credential']);
  });

  it('refuses to connect an identity with another email address', async () => {
    const person = await signUpVerified(server);
    oidc.signInAs({ sub: `sub-other-${person.email}`, email: uniqueEmail('elsewhere'), name: 'Someone' });
    const done = await connectProvider(person.client, 'google');
    expect(done.headers.get('location')).toBe("/settings?provider=google&error=email_doesn't_match");
  });

  it('disconnects a provider but never the last way to sign in', async () => {
    const email = uniqueEmail('only-google');
    oidc.signInAs({ sub: `sub-${email}`, email, name: 'Only Google' });
    const client = server.client();
    await signInWithProvider(client, 'google');
    const refused = await client.post<{ error: { code: string; message: string } }>('/api/account/providers/google/disconnect', {});
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("You can't remove your only way to sign in. Set a password or connect another account first.");

    const person = await signUpVerified(server);
    oidc.signInAs({ sub: `sub-both-${person.email}`, email: person.email, name: 'Both' });
    await connectProvider(person.client, 'google');
    const ok = await person.client.post<{ providers: Array<{ id: string; connected: boolean }> }>('/api/account/providers/google/disconnect', {});
    expect(ok.status).toBe(200);
    expect(ok.body.providers.find((p) => p.id === 'google')?.connected).toBe(false);
    expect((await person.client.post('/api/account/providers/google/disconnect', {})).status).toBe(404);
    expect((await person.client.post('/api/account/providers/github/disconnect', {})).status).toBe(404);
  });

  it('keeps one way in when both providers are disconnected at once', async () => {
    const email = uniqueEmail('two-providers');
    oidc.signInAs({ sub: `sub-g-${email}`, email, name: 'Two Ways' });
    const client = server.client();
    await signInWithProvider(client, 'google');
    const { user } = (await client.get<Me>('/api/me')).body;
    // A second provider identity, as if connected through Microsoft.
    const now = new Date().toISOString();
    await sql`insert into ${sql.table('authAccounts')} (id, ${sql.ref('userId')}, ${sql.ref('providerId')}, ${sql.ref('accountId')}, ${sql.ref('createdAt')}, ${sql.ref('updatedAt')})
      values (${`acc-${user.uid}`}, ${user.uid}, 'microsoft', ${`ms|${email}`}, ${now}, ${now})`.execute(server.ctx.db);
    const results = await Promise.all([
      client.post('/api/account/providers/google/disconnect', {}),
      client.post('/api/account/providers/microsoft/disconnect', {}),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const left = await server.ctx.db.selectFrom('authAccounts').select('providerId').where('userId', '=', user.uid).execute();
    expect(left).toHaveLength(1);
  });
});

describe.each(testDialects())('a provider sign-in to an account with two-factor on, on %s', (dialect) => {
  const running = serverWithProviders(dialect, { REQUIRE_ADMIN_2FA: 'true' });
  let oidc: MockOidc;
  let server: TestServer;
  beforeAll(() => ({ oidc, server } = running));

  const CODE_STEP = '/login?step=two-factor&next=%2Fstories';
  const sessionsOf = async (uid: string) => (await server.ctx.db.selectFrom('authSessions').select('id').where('userId', '=', uid).execute()).length;

  it('ends in the code step, linked automatically or already linked, and signs in only with the code', async () => {
    const person = await signUpVerified(server);
    const { totp, recoveryCodes } = await turnOnTwoFactor(person);
    const sessions = await sessionsOf(person.uid);
    oidc.signInAs({ sub: `sub-${person.email}`, email: person.email, name: 'Same Person' });

    // The first sign-in links the verified identity by its address.
    const first = server.client();
    const linked = await signInWithProvider(first, 'google');
    expect(linked.status).toBe(302);
    expect(linked.headers.get('location')).toBe(CODE_STEP);
    expect((await first.get('/api/me')).status).toBe(401);
    expect((await first.get('/api/auth/get-session')).body).toBeNull();
    expect(await sessionsOf(person.uid)).toBe(sessions);
    const links = await server.ctx.db.selectFrom('authAccounts').select('providerId').where('userId', '=', person.uid).execute();
    expect(links.map((l) => l.providerId).sort()).toEqual(['credential', 'google']);
    // A wrong code signs no one in; the right one does, and the sign-in is logged as Google's.
    const right = codeOf(totp, 1);
    expect((await first.post('/api/auth/two-factor/verify-totp', { code: right === '000000' ? '000001' : '000000' })).status).toBe(401);
    expect((await first.get('/api/me')).status).toBe(401);
    expect((await first.post('/api/auth/two-factor/verify-totp', { code: right })).status).toBe(200);
    expect((await first.get<Me>('/api/me')).body.user.uid).toBe(person.uid);
    const logins = await server.ctx.db.selectFrom('systemLogs').select('details').where('type', '=', 'user_login').where('user', 'like', `%${person.uid}%`).execute();
    expect(logins.map((l) => JSON.parse(l.details ?? '{}') as { method: string }).at(-1)).toEqual({ method: 'Google' });

    // Already linked: the same, and a recovery code finishes it too. The web's own return path is kept.
    const second = server.client();
    const back = await signInWithProvider(second, 'google', { callbackURL: '/login?next=%2Fwrite' });
    expect(back.headers.get('location')).toBe('/login?step=two-factor&next=%2Fwrite');
    expect((await second.get('/api/me')).status).toBe(401);
    expect((await second.post('/api/auth/two-factor/verify-backup-code', { code: recoveryCodes[0] })).status).toBe(200);
    expect((await second.get<Me>('/api/me')).body.user.uid).toBe(person.uid);
  });

  it('gives an admin no admin API until the code is given', async () => {
    const admin = await signUpVerified(server, { email: ADMIN_EMAIL });
    const { totp } = await turnOnTwoFactor(admin);
    oidc.signInAs({ sub: `sub-${admin.email}`, email: admin.email, name: 'The Owner' });
    const client = server.client();
    expect((await signInWithProvider(client, 'google')).headers.get('location')).toBe(CODE_STEP);
    expect((await client.get('/api/admin/overview')).status).toBe(401);
    expect((await client.post('/api/auth/two-factor/verify-totp', { code: codeOf(totp, 1) })).status).toBe(200);
    expect((await client.get('/api/admin/overview')).status).toBe(200);
  });
});

describe('providers not configured', () => {
  const api = useTestServer('sqlite');

  it('hides the provider buttons and refuses provider sign-in', async () => {
    const config = await api.server.client().get<{ providers: object }>('/api/auth-config');
    expect(config.body.providers).toEqual({ google: false, microsoft: false });
    const res = await api.server.client().post('/api/auth/sign-in/oauth2', { providerId: 'google', callbackURL: '/' });
    expect(res.status).toBe(404);
  });
});
