import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../databases';
import { startMockOidc } from '../oidc';
import { useTestServer } from '../api-fixture';
import { encodeCursor } from '../../shared/cursor';

/**
 * What the fuzz test found, pinned down one request at a time on each database: text the
 * rule refuses never reaches the database, cursors and numbers out of range are 400s, and
 * nothing a client sends becomes a 500.
 */
type ErrorBody = { error: { code: string; message: string } };

describe.each(testDialects())('hostile input that used to reach the database, on %s', (dialect) => {
  let oidc: Awaited<ReturnType<typeof startMockOidc>>;
  let storyId: string;

  beforeAll(async () => {
    oidc = await startMockOidc();
  });
  afterAll(async () => {
    await oidc?.stop();
  });
  const api = useTestServer(dialect, {
    env: () => ({
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
    }),
    people: ['writer'],
  });
  beforeAll(async () => {
    const story = await api.writer.client.post<{ story: { id: string } }>('/api/stories', { title: 'Ghosts', content: 'A ghost story.', public: true });
    storyId = story.body.story.id;
  });

  it('refuses NUL and other control characters in every text field with 400', async () => {
    const c = api.writer.client;
    const cases: Array<[string, () => Promise<{ status: number; body: unknown }>, string]> = [
      ['story title', () => c.post('/api/stories', { title: 'a\u0000b', content: 'x' }), 'title: Title contains characters that are not allowed.'],
      ['story text', () => c.post('/api/stories', { title: 'a', content: 'x\u0000' }), 'content: Your story contains characters that are not allowed.'],
      ['story edit', () => c.patch(`/api/stories/${storyId}`, { content: 'x\u001b' }), 'content: Your story contains characters that are not allowed.'],
      ['comment', () => c.post(`/api/stories/${storyId}/comments`, { text: 'nice\u0000' }), 'text: Your comment contains characters that are not allowed.'],
      ['suggestion', () => c.post('/api/feature-requests', { text: 'dark\u0000mode' }), 'text: Your suggestion contains characters that are not allowed.'],
      ['display name', () => c.patch('/api/account/name', { displayName: 'Ada\u0000' }), 'displayName: Display name contains characters that are not allowed.'],
      ['about me', () => c.patch('/api/me/about', { aboutMe: 'hi\u0000' }), 'aboutMe: About Me contains characters that are not allowed.'],
      ['lone surrogate', () => c.post('/api/stories', { title: 'a\ud800', content: 'x' }), 'title: Title contains characters that are not allowed.'],
      ['search', () => c.get('/api/stories/community?q=ghost%00'), 'q: Search text contains characters that are not allowed.'],
    ];
    for (const [name, send, message] of cases) {
      const res = await send();
      expect(res.status, name).toBe(400);
      expect(res.body, name).toEqual({ error: { code: 'validation_failed', message } });
    }
    const signUpRes = await api.server.client().post<ErrorBody>('/api/auth/sign-up/email', { email: 'nul@example.com', password: 'long enough', name: 'A\u0000' });
    expect(signUpRes.status).toBe(400);
    expect(signUpRes.body.error.message).toBe('Display name contains characters that are not allowed.');
  });

  it('keeps tabs and line breaks, storing CRLF as LF', async () => {
    const res = await api.writer.client.post<{ story: { id: string; content: string; title: string } }>('/api/stories', { title: 'Tab\there', content: 'one\r\ntwo\rthree\n\tfour' });
    expect(res.status).toBe(201);
    expect(res.body.story).toMatchObject({ title: 'Tab\there', content: 'one\ntwo\nthree\n\tfour' });
  });

  it('keeps a log event whose text holds NUL, with the character replaced', async () => {
    const res = await api.writer.client.post('/api/logs', { type: 'nul_probe', message: 'bad\u0000byte', resource: '/x\u0000' });
    expect(res.status).toBe(204);
    const row = await api.server.ctx.db.selectFrom('activityLogs').selectAll().where('type', '=', 'nul_probe').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ message: 'bad\ufffdbyte', resource: '/x\ufffd' });
  });

  it('refuses log details nested too deeply to measure, and the server lives on', async () => {
    const body = `{"type":"deep","details":{"a":${'['.repeat(6000)}${']'.repeat(6000)}}}`;
    const res = await api.writer.client.raw('POST', '/api/logs', { body, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect((await api.server.client().get('/api/health')).status).toBe(200);
  });

  it('refuses cursors whose fields are out of range for the columns', async () => {
    const c = api.writer.client;
    await c.send('PUT', `/api/favorites/${storyId}`);
    const urls = [
      `/api/stories/community?sort=liked&cursor=${encodeCursor({ k: 'liked', l: 2 ** 40, s: 1 })}`,
      `/api/stories/community?cursor=${encodeCursor({ k: 'newest', s: -1 })}`,
      `/api/stories/community?cursor=${encodeCursor({ k: 'newest', s: 1.5 })}`,
      `/api/favorites?cursor=${encodeCursor({ k: 'favorites', c: '2024-01-01T00:00:00.000Z', i: 'a\u0000' })}`,
      `/api/favorites?cursor=${encodeCursor({ k: 'favorites', c: '\u0000', i: 'abc' })}`,
      `/api/stories/${storyId}/comments?cursor=${encodeCursor({ k: 'comments', c: '2024\u0000', i: 'abc' })}`,
      `/api/users/${api.writer.uid}/stories?cursor=${encodeCursor({ k: 'newest', s: 2 ** 60 })}`,
    ];
    for (const url of urls) {
      const res = await c.get<ErrorBody>(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error.code, url).toBe('invalid_cursor');
    }
    for (const url of ['/api/favorites?cursor=a%00', '/api/favorites?limit=1e1', '/api/favorites?limit=-1', '/api/stories/mine?limit=NaN', '/api/stories/community?author=%00']) {
      const res = await c.get<ErrorBody>(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error.code, url).toBe('validation_failed');
    }
    expect((await c.get(`/api/stories/community?sort=liked&cursor=${encodeCursor({ k: 'liked', l: 2 ** 31 - 1, s: 2 ** 53 - 1 })}`)).status).toBe(200);
  });

  it('refuses a provider answer that cannot go into a redirect', async () => {
    // A control character; a broken UTF-8 escape (a lone surrogate), which better-auth reads as U+FFFD.
    for (const error of ['access%1Bdenied', 'access_den%ED%A0%80ied', 'x%C3']) {
      const res = await api.server.client().get<ErrorBody>(`/api/auth/oauth2/callback/google?code=abc&state=x&error=${error}`);
      expect(res.status, error).toBe(400);
      expect(res.body.error.message, error).toBe('The sign-in response is not valid.');
    }
    const start = await api.server.client().post<ErrorBody>('/api/auth/sign-in/oauth2', { providerId: 'google', callbackURL: '/\u0000' });
    expect(start.status).toBe(400);
    expect(start.body.error.message).toBe('That return address is not valid.');
    // A plain provider error still goes back to the login page.
    expect((await api.server.client().get('/api/auth/oauth2/callback/google?error=access_denied')).status).toBe(302);
    expect((await api.server.client().get('/api/auth/oauth2/callback/google?error=access_denied&__proto__&constructor=1')).status).toBe(302);
  });
});
