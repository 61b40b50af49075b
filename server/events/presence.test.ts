import { describe, expect, it } from 'vitest';
import { isOnline, isWatching } from '../shared/presence';
import { testDialects } from '../test/databases';
import { useTestServer } from '../test/api-fixture';
import { signUp, startTestServer, startTestServerOn } from '../test/server';
import { openEventStream } from '../test/sse';
import type { TestClient } from '../test/client';
import { PRESENCE_TTL_MS } from './presence';
import { until } from '../test/events';

const at = (ms: number) => new Date(ms).toISOString();

async function postPublicStory(client: TestClient): Promise<string> {
  const res = await client.post<{ story: { id: string } }>('/api/stories', { title: 'Seen', content: 'Someone is reading this.', public: true });
  expect(res.status).toBe(201);
  return res.body.story.id;
}

describe.each(testDialects())('presence of open live streams on %s', (dialect) => {
  const api = useTestServer(dialect);

  const rowsOf = (uid: string) => api.server.ctx.db.selectFrom('liveStreams').selectAll().where('uid', '=', uid).execute();

  it('is online while a stream is open, and offline once it closes', async () => {
    const writer = await signUp(api.server);
    expect(await isOnline(api.server.ctx.db, writer.uid, at(Date.now()))).toBe(false);
    const stream = await openEventStream(writer.client);
    // The row is written before the stream answers.
    expect(await isOnline(api.server.ctx.db, writer.uid, at(Date.now()))).toBe(true);
    const [row] = await rowsOf(writer.uid);
    expect(row).toMatchObject({ instanceId: api.server.streams.presence!.instanceId, watching: null });

    stream.close();
    await until(async () => !(await isOnline(api.server.ctx.db, writer.uid, at(Date.now()))), 'the closed stream is forgotten');
    expect(await rowsOf(writer.uid)).toHaveLength(0);
  });

  it('records what a tab watches, per tab', async () => {
    const writer = await signUp(api.server);
    const storyId = await postPublicStory(writer.client);
    const plain = await openEventStream(writer.client);
    const reading = await openEventStream(writer.client, undefined, { watch: `story:${storyId}` });
    const now = at(Date.now());
    expect(await isWatching(api.server.ctx.db, writer.uid, `story:${storyId}`, now)).toBe(true);
    expect(await isWatching(api.server.ctx.db, writer.uid, 'community', now)).toBe(false);

    reading.close();
    await until(async () => !(await isWatching(api.server.ctx.db, writer.uid, `story:${storyId}`, at(Date.now()))), 'the story tab is forgotten');
    expect(await isOnline(api.server.ctx.db, writer.uid, at(Date.now()))).toBe(true);
    plain.close();
  });

  it('expires a row that is not renewed, and renewal keeps it current, all of the instance’s rows in one go', async () => {
    const writer = await signUp(api.server);
    const other = await signUp(api.server);
    const streams = [await openEventStream(writer.client), await openEventStream(other.client)];
    const start = Date.now();
    const later = start + PRESENCE_TTL_MS + 5_000;
    expect(await isOnline(api.server.ctx.db, writer.uid, at(later))).toBe(false);

    // The shared timer's tick, a minute on.
    await api.server.streams.presence!.renew(start + 60_000);
    for (const uid of [writer.uid, other.uid]) expect(await isOnline(api.server.ctx.db, uid, at(later)), uid).toBe(true);
    expect(await isOnline(api.server.ctx.db, writer.uid, at(start + 60_000 + PRESENCE_TTL_MS + 1))).toBe(false);
    streams.forEach((s) => s.close());
  });

  it('deletes the instance’s rows at shutdown', async () => {
    const own = await startTestServerOn(api.server.database, {}, api.server.database.reopen());
    const writer = await signUp(own);
    await openEventStream(writer.client);
    expect(await rowsOf(writer.uid)).toHaveLength(1);
    await own.close();
    expect(await rowsOf(writer.uid)).toHaveLength(0);
  });
});

describe.runIf(testDialects().includes('postgres'))('presence across two server instances on PostgreSQL', () => {
  it('each instance sees the other’s open streams, and renews only its own', async () => {
    const one = await startTestServer('postgres');
    const two = await startTestServerOn(one.database, {}, one.database.reopen());
    try {
      const writer = await signUp(one);
      const onTwo = two.client();
      await onTwo.post('/api/auth/sign-in/email', { email: writer.email, password: writer.password });
      const stream = await openEventStream(onTwo, undefined, { watch: 'community' });
      const now = at(Date.now());
      expect(await isOnline(one.ctx.db, writer.uid, now)).toBe(true);
      expect(await isWatching(one.ctx.db, writer.uid, 'community', now)).toBe(true);

      const later = Date.now() + 60_000;
      await one.streams.presence!.renew(later);
      expect(await isOnline(one.ctx.db, writer.uid, at(later + PRESENCE_TTL_MS - 10_000))).toBe(false);
      await two.streams.presence!.renew(later);
      expect(await isOnline(one.ctx.db, writer.uid, at(later + PRESENCE_TTL_MS - 10_000))).toBe(true);

      stream.close();
      await until(async () => !(await isOnline(one.ctx.db, writer.uid, at(Date.now()))), 'the stream on instance two is forgotten');
    } finally {
      await two.close();
      await one.stop();
    }
  });
});
