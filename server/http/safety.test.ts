import { describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { useTestServer } from '../test/api-fixture';
import { signUp, startTestServer } from '../test/server';
import { TestClient } from '../test/client';

describe.each(testDialects())('baseline safety on %s', (dialect) => {
  const api = useTestServer(dialect);

  it('refuses state-changing requests from a foreign origin', async () => {
    const { client } = await signUp(api.server);
    const res = await client.send('PATCH', '/api/me/preferences', { themeMode: 'dark-gray' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: { code: 'forbidden', message: 'Requests from other sites are not allowed.' } });
    const signUpFromElsewhere = await new TestClient(api.server.url, 'https://evil.example').post('/api/auth/sign-up/email', { email: 'x@example.com', password: 'long enough', name: '' });
    expect(signUpFromElsewhere.status).toBe(403);
    const crossSite = await new TestClient(api.server.url, null).send('POST', '/api/auth/sign-out', {}, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const { client } = await signUp(api.server);
    for (const path of ['/api/me/preferences', '/api/auth/sign-in/email']) {
      const res = await client.raw(path.includes('auth') ? 'POST' : 'PATCH', path, { body: '{"themeMode":', headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'invalid_json', message: 'The request body is not valid JSON.' } });
    }
  });

  it('refuses unknown preference values with 400 and keeps the record', async () => {
    const { client } = await signUp(api.server);
    for (const body of [{ themeMode: 'neon' }, { colorTheme: 'plaid' }, {}, { themeMode: 'light', admin: true }, [1, 2], 'light']) {
      const res = await client.patch<{ error: { code: string } }>('/api/me/preferences', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const ok = await client.patch<{ user: { themeMode: string; colorTheme: string; admin: boolean } }>('/api/me/preferences', { themeMode: 'dark-gray', colorTheme: 'rose' });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ themeMode: 'dark-gray', colorTheme: 'rose', admin: false });
  });

  it('answers an oversized body with 413', async () => {
    const { client } = await signUp(api.server);
    const res = await client.raw('PATCH', '/api/me/preferences', { body: JSON.stringify({ themeMode: 'x'.repeat(200_000) }), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('sends security headers including a Content-Security-Policy', async () => {
    const res = await api.server.client().raw('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await api.server.client().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'No such API endpoint.' } });
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const client = api.server.client();
    const res = await client.raw('POST', '/api/auth/sign-up/email', {
      body: JSON.stringify({ email: `c.${Date.now()}@example.com`, password: 'long enough', name: '' }),
      headers: { 'content-type': 'application/json' },
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('drabble.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    // The token lives in the HttpOnly cookie only, never in a body script could read.
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('token');
    expect(body).toHaveProperty('user');
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe('behind https', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const server = await startTestServer('sqlite', { PUBLIC_URL: 'https://drabble.example' });
    try {
      const client = new TestClient(server.url, 'https://drabble.example');
      const res = await client.raw('POST', '/api/auth/sign-up/email', {
        body: JSON.stringify({ email: `s.${Date.now()}@example.com`, password: 'long enough', name: '' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.includes('drabble.session_token='));
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    } finally {
      await server.stop();
    }
  });
});
