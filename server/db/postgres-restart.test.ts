import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyTopic } from '@common/events/live-events';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { createPgCluster, postgresBinaries, type PgCluster } from '../test/pg-cluster';
import { signUp, startTestServerOn, type SignedUp, type TestServer } from '../test/server';
import { openEventStream } from '../test/sse';
import type { TestClient } from '../test/client';
import { postStory } from '../features/stories/test-support';

interface Answer {
  status: number;
  retryAfter: string | null;
  code: string | null;
  phase: Phase;
}

type Phase = 'before' | 'down' | 'after';

/**
 * Readers reacting to one story (each reaction is a live event on the story's topic) and a
 * guest reading the community list, in a loop until told to stop, noting every answer.
 */
function startLoad(readers: SignedUp[], guest: TestClient, storyId: string) {
  const answers: Answer[] = [];
  const state = { phase: 'before' as Phase, running: true };
  const note = async (request: Promise<Response>) => {
    const res = await request;
    const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
    answers.push({ status: res.status, retryAfter: res.headers.get('retry-after'), code: body?.error?.code ?? null, phase: state.phase });
  };
  const loops = [
    ...readers.map(async ({ client }) => {
      while (state.running) {
        await note(client.raw('PUT', `/api/stories/${storyId}/reactions/heart`));
        await note(client.raw('DELETE', `/api/stories/${storyId}/reactions/heart`));
        await note(client.raw('GET', `/api/stories/${storyId}`));
      }
    }),
    (async () => {
      while (state.running) {
        await note(guest.raw('GET', '/api/stories/community'));
        await note(guest.raw('GET', '/api/health'));
      }
    })(),
  ];
  return {
    answers,
    state,
    /** Resolves once `count` answers of the current phase satisfy `match`. */
    async until(match: (a: Answer) => boolean, count: number, what: string, ms = 30_000) {
      const deadline = Date.now() + ms;
      while (answers.filter((a) => a.phase === state.phase && match(a)).length < count) {
        if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms (answers so far: ${summary(answers)})`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      state.running = false;
      await Promise.all(loops);
    },
  };
}

function summary(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) counts.set(`${a.phase} ${a.status}`, (counts.get(`${a.phase} ${a.status}`) ?? 0) + 1);
  return [...counts].map(([k, v]) => `${k}: ${v}`).join(', ');
}

describe.runIf(postgresBinaries())('a PostgreSQL restart under load', () => {
  let cluster: PgCluster;
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    cluster = await createPgCluster();
    database = await createTestDatabase('postgres', { postgresUrl: cluster.url });
    // No session cache: every signed-in request asks the database, as a cache miss would.
    server = await startTestServerOn(database, { SESSION_CACHE_MS: '0' });
  });
  afterAll(async () => {
    await server?.stop();
    await cluster?.destroy();
  });

  it('answers 503 with Retry-After while it is down (never a 500), keeps live streams open, and delivers every event in order once it is back', async () => {
    const writer = await signUp(server);
    const story = await postStory(writer.client, { public: true });
    const readers = await Promise.all([signUp(server), signUp(server), signUp(server)]);
    const watcher = await openEventStream(writer.client, undefined, { watch: `story:${story.id}` });
    expect(watcher.status).toBe(200);

    const load = startLoad(readers, server.client(), story.id);
    try {
      await load.until((a) => a.status === 200, 20, 'answers before the restart');

      load.state.phase = 'down';
      await cluster.stop('fast');
      await load.until((a) => a.status === 503, 20, 'refusals while the database is down');
      // Signed in, through our routes and better-auth's alike: 503s too.
      for (const [method, route] of [['GET', '/api/me'], ['GET', '/api/auth/get-session'], ['POST', '/api/auth/sign-out']] as const) {
        const res = await readers[0]!.client.send(method, route, method === 'POST' ? {} : undefined);
        expect(res.status, `${method} ${route}: ${JSON.stringify(res.body)}`).toBe(503);
      }

      load.state.phase = 'after';
      await cluster.start();
      // Every reader's reaction goes through again, without restarting the server.
      await load.until((a) => a.status === 200 || a.status === 201, 30, 'answers after the restart');
    } finally {
      await load.stop();
    }

    const unexpected = load.answers.filter((a) => a.status >= 500 && a.status !== 503);
    expect(unexpected, summary(load.answers)).toEqual([]);
    const refusals = load.answers.filter((a) => a.status === 503);
    expect(refusals.length).toBeGreaterThanOrEqual(20);
    expect(refusals.every((a) => a.retryAfter === '5' && a.code === 'unavailable')).toBe(true);
    expect(load.answers.filter((a) => a.phase === 'down').some((a) => a.status === 503)).toBe(true);

    // Every event the outbox holds for the story (all committed), delivered once and in order
    // on the stream opened before the restart, which never closed.
    const recorded = (await server.ctx.db.selectFrom('liveEvents').select('id').where('topic', '=', storyTopic(story.id)).orderBy('id').execute()).map((e) => String(e.id));
    expect(recorded.length).toBeGreaterThan(0);
    const delivered = () => watcher.received.filter((m) => m.event === 'story.counts').map((m) => m.id);
    await expect.poll(() => delivered().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(recorded.length);
    expect(delivered()).toEqual(recorded);
    expect(watcher.ended).toBe(false);
    // The last event's counts are the story's as stored.
    const last = watcher.received.filter((m) => m.event === 'story.counts').at(-1)!;
    const stored = await server.ctx.db.selectFrom('stories').select('likesCount').where('id', '=', story.id).executeTakeFirstOrThrow();
    expect((JSON.parse(last.data) as { likesCount: number }).likesCount).toBe(Number(stored.likesCount));
    watcher.close();
  });
});
