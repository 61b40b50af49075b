import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '@common/account/account';
import { testDialects } from '../test/databases';
import { useTestServer } from '../test/api-fixture';
import { signUp, startTestServer, uniqueEmail } from '../test/server';
import type { TestClient } from '../test/client';
import { buildStoryInput } from '../features/stories/test-support-builders';
import { postStory } from '../features/stories/test-support';
import { pngOf } from '../test/images';
import { LIMITS, type Limit, type LimitName } from './limits';
import { RateLimiter } from './rate-limiter';

/**
 * The limits of http/limits.ts, each hit by a burst of parallel requests from one client:
 * exactly `max` get through, the rest get 429 with Retry-After and the one error shape, and
 * what is stored matches what got through. (Guest log events: features/logs/logs.test.ts;
 * open live-event streams: events/streams.test.ts.)
 */

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

const maxOf = (name: LimitName): number => {
  const max: Limit['max'] = LIMITS[name].max;
  if (typeof max !== 'number') throw new Error(`${name} is configured`);
  return max;
};

/** At least 100 requests, and always more than the limit. */
const burstFor = (max: number) => Math.max(100, max + 40);

function expectOnlyTheLimitThrough(answers: Answer[], max: number, windowMs: number, okStatus: number): void {
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === okStatus), JSON.stringify([...new Set(statuses)])).toHaveLength(max);
  const refused = answers.filter((a) => a.status === 429);
  expect(refused).toHaveLength(answers.length - max);
  for (const answer of refused) {
    expect(answer.body).toEqual({ error: { code: 'rate_limited', message: ACCOUNT_TEXTS.tooOften } });
    const retryAfter = answer.headers.get('retry-after') ?? '';
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(Math.ceil(windowMs / 1000));
  }
}

function burst(count: number, request: (i: number) => Promise<Answer>): Promise<Answer[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => request(i)));
}

async function upload(client: TestClient, bytes: Uint8Array): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'avatar.png');
  const res = await fetch(new URL('/api/me/profile-image', client.baseUrl), {
    method: 'POST',
    body: form,
    headers: { cookie: client.cookieHeader, origin: client.baseUrl },
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

describe.each(testDialects())('rate limits on %s', (dialect) => {
  const api = useTestServer(dialect, { people: ['author'] });

  const db = () => api.server.ctx.db;
  const rows = async (query: Promise<unknown[]>) => (await query).length;

  it('the limiter itself: 100 parallel reservations on one key, exactly max allowed', async () => {
    const limiter = new RateLimiter(api.server.ctx.db);
    const results = await Promise.all(Array.from({ length: 100 }, () => limiter.reserve(`test:burst:${dialect}`, 7, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterMs > 0 && r.retryAfterMs <= 60_000)).toBe(true);
  });

  it('never asks a refused request to wait longer than the window, even one that read the clock before the window opened', async () => {
    // In a burst, a request can read the clock a moment before the one whose write opened the window.
    const limiter = new RateLimiter(api.server.ctx.db);
    const key = `test:early-clock:${dialect}`;
    const opened = Date.now();
    expect((await limiter.reserve(key, 1, 60_000, opened)).allowed).toBe(true);
    const refused = await limiter.reserve(key, 1, 60_000, opened - 5);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('story creation: a burst lets exactly LIMITS.storyWrites.max stories be stored', async () => {
    const writer = await signUp(api.server);
    const max = maxOf('storyWrites');
    const answers = await burst(100, () => writer.client.post('/api/stories', buildStoryInput()));
    expectOnlyTheLimitThrough(answers, max, LIMITS.storyWrites.windowMs, 201);
    expect(await rows(db().selectFrom('stories').select('id').where('uid', '=', writer.uid).execute())).toBe(max);
  });

  it('story edits share that limit: the refused ones change nothing', async () => {
    const writer = await signUp(api.server);
    const story = await postStory(writer.client);
    const answers = await burst(100, (i) => writer.client.patch(`/api/stories/${story.id}`, { title: `Edit ${i}` }));
    expectOnlyTheLimitThrough(answers, maxOf('storyWrites') - 1, LIMITS.storyWrites.windowMs, 200);
    const saved = answers.flatMap((a, i) => (a.status === 200 ? [`Edit ${i}`] : []));
    const row = await db().selectFrom('stories').select('title').where('id', '=', story.id).executeTakeFirstOrThrow();
    expect(saved).toContain(row.title);
    // Visibility is an edit too.
    expect((await writer.client.patch(`/api/stories/${story.id}/visibility`, { public: true })).status).toBe(429);
  });

  it('reactions: a burst of adds and removals', async () => {
    const reader = await signUp(api.server);
    const story = await postStory(api.author.client, { public: true });
    const max = maxOf('reactions');
    const answers = await burst(burstFor(max), (i) => reader.client.send(i % 2 ? 'DELETE' : 'PUT', `/api/stories/${story.id}/reactions/heart`));
    expectOnlyTheLimitThrough(answers, max, LIMITS.reactions.windowMs, 200);
  });

  it('favourites: a burst of adds and removals', async () => {
    const reader = await signUp(api.server);
    const story = await postStory(api.author.client, { public: true });
    const max = maxOf('favorites');
    const answers = await burst(burstFor(max), (i) => reader.client.send(i % 2 ? 'DELETE' : 'PUT', `/api/favorites/${story.id}`));
    expectOnlyTheLimitThrough(answers, max, LIMITS.favorites.windowMs, 200);
  });

  it('comments: exactly the limit is stored, and commentsCount agrees', async () => {
    const reader = await signUp(api.server);
    const story = await postStory(api.author.client, { public: true });
    const max = maxOf('comments');
    const answers = await burst(100, (i) => reader.client.post(`/api/stories/${story.id}/comments`, { text: `comment ${i}` }));
    expectOnlyTheLimitThrough(answers, max, LIMITS.comments.windowMs, 201);
    expect(await rows(db().selectFrom('storyComments').select('id').where('uid', '=', reader.uid).execute())).toBe(max);
    const row = await db().selectFrom('stories').select('commentsCount').where('id', '=', story.id).executeTakeFirstOrThrow();
    expect(Number(row.commentsCount)).toBe(max);
  });

  it('feature requests: exactly the limit is stored', async () => {
    const writer = await signUp(api.server);
    const max = maxOf('featureRequests');
    const answers = await burst(100, (i) => writer.client.post('/api/feature-requests', { text: `Idea number ${i}` }));
    expectOnlyTheLimitThrough(answers, max, LIMITS.featureRequests.windowMs, 201);
    expect(await rows(db().selectFrom('featureRequests').select('id').where('userUid', '=', writer.uid).execute())).toBe(max);
  });

  it('a signed-in user’s log events: exactly the limit is stored', async () => {
    const writer = await signUp(api.server);
    const max = maxOf('logs');
    const answers = await burst(burstFor(max), () => writer.client.post('/api/logs', { type: 'tutorial_step' }));
    expectOnlyTheLimitThrough(answers, max, LIMITS.logs.windowMs, 204);
    expect(await rows(db().selectFrom('activityLogs').select('id').where('userId', '=', writer.uid).execute())).toBe(max);
  });

  it('profile image uploads', async () => {
    const writer = await signUp(api.server);
    const png = await pngOf(8, 8);
    const answers = await burst(100, () => upload(writer.client, png));
    expectOnlyTheLimitThrough(answers, maxOf('uploads'), LIMITS.uploads.windowMs, 200);
  });

  it('answers to emailed links, per client address', async () => {
    const answers = await burst(100, () => api.server.client().post('/api/account/verify-email', { token: 'A'.repeat(43) }));
    expectOnlyTheLimitThrough(answers, maxOf('emailLinks'), LIMITS.emailLinks.windowMs, 400);
  });

  it('counts each user on their own: one user’s burst leaves another’s places alone', async () => {
    const [eager, calm] = [await signUp(api.server), await signUp(api.server)];
    const story = await postStory(api.author.client, { public: true });
    await burst(100, (i) => eager.client.post(`/api/stories/${story.id}/comments`, { text: `eager ${i}` }));
    expect((await calm.client.post(`/api/stories/${story.id}/comments`, { text: 'calm' })).status).toBe(201);
  });
});

describe.each(testDialects())('the sign-up limit on %s', (dialect) => {
  it('lets exactly SIGNUP_RATE_LIMIT accounts be created from one address by a burst', async () => {
    const server = await startTestServer(dialect, { SIGNUP_RATE_LIMIT: '5' });
    try {
      const answers = await burst(100, () => server.client().post('/api/auth/sign-up/email', { email: uniqueEmail(), password: 'long enough', name: '' }));
      expectOnlyTheLimitThrough(answers, 5, LIMITS.signUps.windowMs, 200);
      expect(await server.ctx.db.selectFrom('authUsers').select('id').execute()).toHaveLength(5);
    } finally {
      await server.stop();
    }
  });

  it('counts a sign-up refused because the email is taken exactly like one that succeeds, so addresses cannot be tested in bulk', async () => {
    const server = await startTestServer(dialect, { SIGNUP_RATE_LIMIT: '5' });
    try {
      const taken = await server.client().post('/api/auth/sign-up/email', { email: 'taken@example.com', password: 'long enough', name: '' });
      expect(taken.status).toBe(200);
      // A burst of probes, each asking whether an address has an account: only the limit's worth are answered.
      const answers = await burst(40, (i) => server.client().post('/api/auth/sign-up/email', { email: i % 2 ? 'taken@example.com' : `Taken@Example.com`, password: 'long enough', name: '' }));
      expectOnlyTheLimitThrough(answers, 4, LIMITS.signUps.windowMs, 422);
      // And the place is gone for a real sign-up too.
      expect((await server.client().post('/api/auth/sign-up/email', { email: uniqueEmail(), password: 'long enough', name: '' })).status).toBe(429);
    } finally {
      await server.stop();
    }
  });
});
