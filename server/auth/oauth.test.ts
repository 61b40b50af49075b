import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '@common/user';
import { testDialects } from '../test/databases';
import { startTestServer, uniqueEmail, type TestServer } from '../test/server';
import { startMockOidc } from '../test/oidc';
import type { TestClient } from '../test/client';

type MockOidc = Awaited<ReturnType<typeof startMockOidc>>;

/** Walks the redirect dance a browser would: our start URL → provider → our callback. */
async function signInWithProvider(client: TestClient, providerId: 'google' | 'microsoft') {
  const start = await client.post<{ url: string; redirect: boolean }>('/api/auth/sign-in/oauth2', { providerId, callbackURL: '/stories' });
  expect(start.status).toBe(200);
  const authorize = await fetch(start.body.url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get('location')!);
  expect(callback.pathname).toBe(`/api/auth/oauth2/callback/${providerId}`);
  return client.raw('GET', callback.pathname + callback.search);
}

describe.each(testDialects())('Google and Microsoft sign-in on %s', (dialect) => {
  let oidc: MockOidc;
  let server: TestServer;
  beforeAll(async () => {
    oidc = await startMockOidc();
    server = await startTestServer(dialect, {
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
      MICROSOFT_CLIENT_ID: 'microsoft-client',
      MICROSOFT_CLIENT_SECRET: 'microsoft-secret',
      MICROSOFT_DISCOVERY_URL: oidc.discoveryUrl,
    });
  });
  afterAll(async () => {
    await server.stop();
    await oidc.stop();
  });

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

describe('providers not configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server.stop();
  });

  it('hides the provider buttons and refuses provider sign-in', async () => {
    const config = await server.client().get<{ providers: object }>('/api/auth-config');
    expect(config.body.providers).toEqual({ google: false, microsoft: false });
    const res = await server.client().post('/api/auth/sign-in/oauth2', { providerId: 'google', callbackURL: '/' });
    expect(res.status).toBe(404);
  });
});
