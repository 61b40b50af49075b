import { describe, expect, it } from 'vitest';
import { REACTION_KINDS } from '@common/stories/story';
import { PUBLIC_STORIES_TOPIC, profileTopic, storyTopic } from '@common/events/live-events';
import { testDialects } from '../test/databases';
import { useTestServer } from '../test/api-fixture';
import { signUp, startTestServer, startTestServerOn, type TestServer } from '../test/server';
import { openEventStream } from '../test/sse';
import type { TestClient } from '../test/client';
import { latestId } from '../test/events';

interface ErrorBody {
  error: { code: string; message: string };
}

async function postStory(client: TestClient, isPublic: boolean): Promise<string> {
  const res = await client.post<{ story: { id: string } }>('/api/stories', { title: 'Watched', content: 'The lighthouse kept its light.', public: isPublic });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.story.id;
}

/** A story.counts event on the story's topic, as a reaction records it. */
async function recordCounts(server: TestServer, topic: string, storyId: string, uid: string, likesCount: number): Promise<void> {
  await server.ctx.db.transaction().execute((trx) =>
    server.ctx.bus.record(trx, topic, 'story.counts', { storyId, uid, likesCount, commentsCount: 0, reactions: NO_REACTIONS }),
  );
}

const NO_REACTIONS = Object.fromEntries(REACTION_KINDS.map((kind) => [kind, 0])) as Record<(typeof REACTION_KINDS)[number], number>;
const countsOf = (data: string) => JSON.parse(data) as { storyId: string; likesCount: number };

describe.each(testDialects())('GET /api/events?watch= on %s', (dialect) => {
  const api = useTestServer(dialect, { people: ['author', 'reader'] });

  it('carries a readable story’s events besides the viewer’s own, and nothing of other stories', async () => {
    const watched = await postStory(api.author.client, true);
    const other = await postStory(api.author.client, true);
    const stream = await openEventStream(api.reader.client, undefined, { watch: `story:${watched}` });
    expect(stream.status).toBe(200);
    await recordCounts(api.server, storyTopic(other), other, api.author.uid, 7);
    await recordCounts(api.server, storyTopic(watched), watched, api.author.uid, 1);
    expect(countsOf((await stream.next('story.counts')).data)).toMatchObject({ storyId: watched, likesCount: 1 });
    // Its own user topic still flows on the same stream.
    await api.reader.client.patch('/api/me/preferences', { colorTheme: 'teal' });
    await stream.next('user.updated');
    expect(stream.received).toHaveLength(0);
    stream.close();
  });

  it('carries the public counts for community, and a profile’s own topic for profile:<uid>', async () => {
    const storyId = await postStory(api.author.client, true);
    const community = await openEventStream(api.reader.client, undefined, { watch: 'community' });
    const profile = await openEventStream(api.reader.client, undefined, { watch: `profile:${api.author.uid}` });
    await recordCounts(api.server, PUBLIC_STORIES_TOPIC, storyId, api.author.uid, 3);
    await api.server.ctx.db.transaction().execute((trx) =>
      api.server.ctx.bus.record(trx, profileTopic(api.author.uid), 'profile.counts', { uid: api.author.uid, followersCount: 4, followingCount: 0 }),
    );
    for (const stream of [community, profile]) expect(countsOf((await stream.next('story.counts')).data).likesCount).toBe(3);
    expect(JSON.parse((await profile.next('profile.counts')).data)).toMatchObject({ uid: api.author.uid, followersCount: 4 });
    // A later community event arrives next: the profile's counts did not reach the community stream before it.
    await recordCounts(api.server, PUBLIC_STORIES_TOPIC, storyId, api.author.uid, 5);
    expect(countsOf((await community.next('story.counts')).data).likesCount).toBe(5);
    expect(community.received).toHaveLength(0);
    [community, profile].forEach((s) => s.close());
  });

  it('replays the watched topic too, from ?since= or from Last-Event-ID, which wins over since', async () => {
    const storyId = await postStory(api.author.client, true);
    const from = await latestId(api.server);
    await recordCounts(api.server, storyTopic(storyId), storyId, api.author.uid, 1);
    await recordCounts(api.server, storyTopic(storyId), storyId, api.author.uid, 2);

    const viaSince = await openEventStream(api.reader.client, undefined, { watch: `story:${storyId}`, since: String(from) });
    expect(countsOf((await viaSince.next('story.counts')).data).likesCount).toBe(1);
    expect(countsOf((await viaSince.next('story.counts')).data).likesCount).toBe(2);
    viaSince.close();

    // The header says "I already hold the first": only the second is replayed.
    const both = await openEventStream(api.reader.client, String(from + 1), { watch: `story:${storyId}`, since: String(from) });
    expect(countsOf((await both.next('story.counts')).data).likesCount).toBe(2);
    // The next event is a new one: nothing was replayed twice before it.
    await recordCounts(api.server, storyTopic(storyId), storyId, api.author.uid, 3);
    expect(countsOf((await both.next('story.counts')).data).likesCount).toBe(3);
    expect(both.received).toHaveLength(0);
    both.close();
  });

  it("starts a tab's first stream from GET /api/me's liveFrom: what happened after that answer is replayed, nothing before", async () => {
    const storyId = await postStory(api.author.client, true);
    await recordCounts(api.server, storyTopic(storyId), storyId, api.author.uid, 1);
    // Once this instance has dispatched it, the first event lies before any answer from now on.
    const before = await latestId(api.server);
    await expect.poll(() => api.server.ctx.bus.dispatchedUpTo).toBeGreaterThanOrEqual(before);

    const me = await api.reader.client.get<{ liveFrom?: string }>('/api/me');
    expect(me.status).toBe(200);
    expect(Number(me.body.liveFrom)).toBeGreaterThanOrEqual(before);
    // Between the answer and the stream's opening (the page's code and data loading), a change.
    await recordCounts(api.server, storyTopic(storyId), storyId, api.author.uid, 2);

    const stream = await openEventStream(api.reader.client, undefined, { watch: `story:${storyId}`, since: me.body.liveFrom! });
    expect(countsOf((await stream.next('story.counts')).data).likesCount).toBe(2);
    // The next event is a new one: nothing from before the answer came after it.
    await recordCounts(api.server, storyTopic(storyId), storyId, api.author.uid, 3);
    expect(countsOf((await stream.next('story.counts')).data).likesCount).toBe(3);
    expect(stream.received).toHaveLength(0);
    stream.close();
  });

  it('answers 404 for a story the viewer may not read: private, missing, or its author blocked either way', async () => {
    const privateStory = await postStory(api.author.client, false);
    const blocker = await signUp(api.server);
    const blockersStory = await postStory(blocker.client, true);
    expect((await blocker.client.post(`/api/blocks/${api.reader.uid}`)).status).toBe(200);
    const blocked = await signUp(api.server);
    const blockedStory = await postStory(blocked.client, true);
    expect((await api.reader.client.post(`/api/blocks/${blocked.uid}`)).status).toBe(200);

    for (const id of [privateStory, 'no-such-story', blockersStory, blockedStory]) {
      const res = await api.reader.client.get<ErrorBody>(`/api/events?watch=story:${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error.message).toBe('Story not found');
    }
    // The author may watch their own private story.
    const own = await openEventStream(api.author.client, undefined, { watch: `story:${privateStory}` });
    expect(own.status).toBe(200);
    own.close();
  });

  it('answers 404 for a missing writer or one blocked either way, 400 for a malformed target or since', async () => {
    const blocker = await signUp(api.server);
    expect((await blocker.client.post(`/api/blocks/${api.reader.uid}`)).status).toBe(200);
    const blocked = await signUp(api.server);
    expect((await api.reader.client.post(`/api/blocks/${blocked.uid}`)).status).toBe(200);
    for (const uid of ['nobody-here', blocker.uid, blocked.uid]) {
      const res = await api.reader.client.get<ErrorBody>(`/api/events?watch=profile:${uid}`);
      expect(res.status, uid).toBe(404);
      expect(res.body.error.message).toBe('User not found');
    }
    for (const query of ['watch=stories', 'watch=story:', 'watch=story:a%20b', 'watch=profile:x/y', 'since=-1', 'since=abc', 'since=1234567890123456']) {
      const res = await api.reader.client.get<ErrorBody>(`/api/events?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect((await api.server.client().get('/api/events?watch=community')).status).toBe(401);
  });
});

describe.runIf(testDialects().includes('postgres'))('watching across two server instances on PostgreSQL', () => {
  it('delivers a user-topic event and a watched story’s event recorded on one instance to a stream on the other', async () => {
    const one = await startTestServer('postgres');
    const two = await startTestServerOn(one.database, {}, one.database.reopen());
    try {
      const author = await signUp(one);
      const reader = await signUp(one);
      const storyId = await postStory(author.client, true);
      const onTwo = two.client();
      await onTwo.post('/api/auth/sign-in/email', { email: reader.email, password: reader.password });
      const stream = await openEventStream(onTwo, undefined, { watch: `story:${storyId}` });
      expect(stream.status).toBe(200);

      await recordCounts(one, storyTopic(storyId), storyId, author.uid, 5);
      expect(countsOf((await stream.next('story.counts')).data)).toMatchObject({ storyId, likesCount: 5 });
      expect((await reader.client.patch('/api/me/preferences', { colorTheme: 'rose' })).status).toBe(200);
      expect(JSON.parse((await stream.next('user.updated')).data).user).toMatchObject({ uid: reader.uid, colorTheme: 'rose' });
      stream.close();
    } finally {
      await two.close();
      await one.stop();
    }
  });
});
