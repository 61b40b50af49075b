import { describe, expect, it } from 'vitest';
import { FEED_NEW_COUNT_CAP, feedMarkerResponseSchema, feedNewCountSchema } from '@common/follows/follows';
import { encodeCursor } from '../../shared/cursor';
import { testDialects } from '../../test/databases';
import { openEventStream } from '../../test/sse';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import { postStory, type ErrorBody } from '../stories/test-support';
import { readFeed } from './service';
import { block, feedPage, follow, mute, wholeFeed } from './test-support';

describe.each(testDialects())('feed on %s', (dialect) => {
  // Each test signs up its own readers and writers.
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '500' } });

  /** A reader following `count` new writers. */
  async function readerFollowing(count: number): Promise<{ reader: SignedUp; writers: SignedUp[] }> {
    const reader = await signUp(api.server);
    const writers = await Promise.all(Array.from({ length: count }, () => signUp(api.server)));
    for (const w of writers) await follow(api.server, reader.uid, w.uid);
    return { reader, writers };
  }

  it('shows the public stories of followed writers, newest published first, without blocked or muted ones', async () => {
    const { reader, writers } = await readerFollowing(5);
    const [ada, bob, blocker, blocked, muted] = writers as [SignedUp, SignedUp, SignedUp, SignedUp, SignedUp];
    const stranger = await signUp(api.server);
    const expired = await signUp(api.server);
    await follow(api.server, reader.uid, expired.uid);
    await block(api.server, blocker.uid, reader.uid);
    await block(api.server, reader.uid, blocked.uid);
    await mute(api.server, reader.uid, muted.uid, null);
    await mute(api.server, reader.uid, expired.uid, new Date(Date.now() - 60_000).toISOString());

    const draft = await postStory(ada.client, { public: false });
    const posted: string[] = [];
    for (const writer of [ada, bob, blocker, blocked, muted, stranger, expired, bob, ada]) {
      const story = await postStory(writer.client, { public: true });
      if (![blocker, blocked, muted, stranger].includes(writer)) posted.push(story.id);
    }
    // Made public now: it goes to the top, by when it became public rather than when it was written.
    expect((await ada.client.patch(`/api/stories/${draft.id}/visibility`, { public: true })).status).toBe(200);
    posted.push(draft.id);

    const page = await feedPage(reader.client);
    expect(page.stories.map((s) => s.id)).toEqual(posted.reverse());
    expect(page.nextCursor).toBeNull();
    expect(page.marker).toBeNull();
    expect(page.stories[0]).toMatchObject({ id: draft.id, uid: ada.uid, public: true, likesCount: 0, commentsCount: 0, viewsCount: 0 });

    // Made private again: it leaves the feed.
    await ada.client.patch(`/api/stories/${draft.id}/visibility`, { public: false });
    expect((await feedPage(reader.client)).stories.map((s) => s.id)).not.toContain(draft.id);
  });

  it('is empty for someone who follows no one, and refuses guests', async () => {
    const loner = await signUp(api.server);
    await postStory((await signUp(api.server)).client, { public: true });
    expect(await feedPage(loner.client)).toEqual({ stories: [], nextCursor: null, marker: null, newestCursor: null });
    const guest = api.server.client();
    expect((await guest.get('/api/feed')).status).toBe(401);
    expect((await guest.get('/api/feed/new-count')).status).toBe(401);
    expect((await guest.send('PUT', '/api/feed/marker', { storyId: 'abc' })).status).toBe(401);
  });

  it('refuses malformed cursors and limits with 400', async () => {
    const { reader } = await readerFollowing(1);
    const bad = [
      'cursor=not-a-cursor',
      `cursor=${encodeCursor({ k: 'newest', s: 10 })}`,
      `cursor=${encodeCursor({ k: 'feed', p: 'x'.repeat(60), i: 'abc' })}`,
      `cursor=${encodeCursor({ k: 'feed', p: '2026-01-01T00:00:00.000Z', i: "'; drop table stories" })}`,
      'cursor=%00',
      'limit=0',
      'limit=51',
      'limit=1e1',
    ];
    for (const query of bad) {
      const res = await reader.client.get<ErrorBody>(`/api/feed?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toMatch(/invalid_cursor|validation_failed/);
    }
    // The same for someone who follows nobody, and for the pill's count.
    expect((await (await signUp(api.server)).client.get('/api/feed?cursor=bm9wZQ')).status).toBe(400);
    expect((await reader.client.get('/api/feed/new-count?after=bm9wZQ')).status).toBe(400);
  });

  it('pages without repeating or skipping while followed writers keep publishing', async () => {
    const { reader, writers } = await readerFollowing(3);
    const before: string[] = [];
    for (let round = 0; round < 8; round++) for (const w of writers) before.push((await postStory(w.client, { public: true })).id);

    const seen: string[] = [];
    const published: string[] = [];
    let page = await feedPage(reader.client, '?limit=5');
    seen.push(...page.stories.map((s) => s.id));
    while (page.nextCursor) {
      const cursor = page.nextCursor;
      // Every writer publishes while the next page is being read.
      const [next, ...stories] = await Promise.all([feedPage(reader.client, `?limit=5&cursor=${cursor}`), ...writers.map((w) => postStory(w.client, { public: true }))]);
      published.push(...stories.map((s) => s.id));
      seen.push(...next.stories.map((s) => s.id));
      page = next;
    }
    expect(seen).toEqual([...before].reverse());
    // Read afresh, everything is there once, the new stories first.
    const all = await wholeFeed(reader.client, 7);
    expect(new Set(all).size).toBe(all.length);
    expect(all.slice(published.length)).toEqual([...before].reverse());
    expect(new Set(all.slice(0, published.length))).toEqual(new Set(published));
  });

  it('gives identical pages with the join and the scan plans', async () => {
    const { reader, writers } = await readerFollowing(4);
    const other = await signUp(api.server);
    await mute(api.server, reader.uid, writers[3]!.uid, null);
    await Promise.all([...writers, other].map(async (w) => {
      for (let i = 0; i < 6; i++) await postStory(w.client, { public: i % 3 !== 2 });
    }));
    const viewer = { uid: reader.uid, admin: false };
    for (const limit of [1, 4, 50]) {
      const pages = { join: [] as string[][], scan: [] as string[][] };
      for (const strategy of ['join', 'scan'] as const) {
        let cursor: string | undefined;
        do {
          const page = await readFeed(api.server.ctx, viewer, { cursor, limit }, strategy);
          pages[strategy].push(page.stories.map((s) => s.id));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
      }
      expect(pages.scan).toEqual(pages.join);
      expect(pages.join.flat()).toHaveLength(12);
    }
  });

  it('counts newer stories for the pill, up to its cap', async () => {
    const { reader, writers } = await readerFollowing(3);
    const [ada, bob, muted] = writers as [SignedUp, SignedUp, SignedUp];
    await mute(api.server, reader.uid, muted.uid, null);
    await postStory(ada.client, { public: true });
    const page = await feedPage(reader.client);
    const count = async (after: string | null) => {
      const res = await reader.client.get(`/api/feed/new-count${after ? `?after=${after}` : ''}`);
      expect(res.status).toBe(200);
      return feedNewCountSchema.parse(res.body).count;
    };
    expect(await count(page.newestCursor)).toBe(0);
    await postStory(bob.client, { public: true });
    await postStory(muted.client, { public: true });
    await postStory(ada.client, { public: false });
    await postStory(ada.client, { public: true });
    expect(await count(page.newestCursor)).toBe(2);
    expect(await count(null)).toBe(3);
    await Promise.all([ada, bob].map(async (w) => {
      for (let i = 0; i < 50; i++) await postStory(w.client, { public: true });
    }));
    expect(await count(page.newestCursor)).toBe(FEED_NEW_COUNT_CAP);
  });

  it('keeps the read position, moving it only forward', async () => {
    const { reader, writers } = await readerFollowing(1);
    const writer = writers[0]!;
    const stories = [];
    for (let i = 0; i < 4; i++) stories.push(await postStory(writer.client, { public: true }));
    const put = (storyId: unknown) => reader.client.send('PUT', '/api/feed/marker', { storyId });
    const markerOf = async (res: { status: number; body: unknown }) => {
      expect(res.status).toBe(200);
      return feedMarkerResponseSchema.parse(res.body).marker?.storyId;
    };
    expect(await markerOf(await put(stories[1]!.id))).toBe(stories[1]!.id);
    expect(await markerOf(await put(stories[0]!.id))).toBe(stories[1]!.id);
    expect(await markerOf(await put(stories[2]!.id))).toBe(stories[2]!.id);
    expect((await feedPage(reader.client)).marker?.storyId).toBe(stories[2]!.id);

    // Tabs racing: the newest wins whatever order they land in.
    await Promise.all([stories[3], stories[0], stories[2], stories[1]].map((s) => put(s!.id)));
    expect((await feedPage(reader.client)).marker?.storyId).toBe(stories[3]!.id);

    const hidden = await postStory(writer.client, { public: false });
    for (const storyId of [hidden.id, 'missingStory00000000']) expect((await put(storyId)).status).toBe(404);
    for (const body of [{}, { storyId: 42 }, { storyId: '../x' }, { storyId: stories[0]!.id, extra: 1 }]) {
      expect((await reader.client.send('PUT', '/api/feed/marker', body)).status).toBe(400);
    }
    // Someone else's marker is their own.
    expect((await feedPage(writer.client)).marker).toBeNull();
  });

  it('tells each follower, and only them, when a followed writer publishes', async () => {
    const { reader, writers } = await readerFollowing(1);
    const writer = writers[0]!;
    const muter = await signUp(api.server);
    const stranger = await signUp(api.server);
    await follow(api.server, muter.uid, writer.uid);
    await mute(api.server, muter.uid, writer.uid, null);
    const stream = await openEventStream(reader.client);
    try {
      const story = await postStory(writer.client, { public: true });
      expect(JSON.parse((await stream.next('feed.published')).data)).toEqual({ storyId: story.id, authorUid: writer.uid });
      const draft = await postStory(writer.client, { public: false });
      await writer.client.patch(`/api/stories/${draft.id}/visibility`, { public: true });
      expect(JSON.parse((await stream.next('feed.published')).data)).toEqual({ storyId: draft.id, authorUid: writer.uid });
      // Made public by an edit that also changes the text.
      const edited = await postStory(writer.client, { public: false });
      expect((await writer.client.patch(`/api/stories/${edited.id}`, { title: 'Now for everyone', public: true })).status).toBe(200);
      expect(JSON.parse((await stream.next('feed.published')).data)).toEqual({ storyId: edited.id, authorUid: writer.uid });
      // Saving an already public story again tells no one.
      expect((await writer.client.patch(`/api/stories/${edited.id}`, { title: 'Edited once more', public: true })).status).toBe(200);

      const events = await api.server.ctx.db.selectFrom('liveEvents').select(['topic', 'payload']).where('type', '=', 'feed.published').execute();
      const topicsFor = (id: string) => events.filter((e) => JSON.parse(e.payload).storyId === id).map((e) => e.topic);
      expect(topicsFor(story.id)).toEqual([`user:${reader.uid}`]);
      expect(topicsFor(draft.id)).toEqual([`user:${reader.uid}`]);
      expect(topicsFor(edited.id)).toEqual([`user:${reader.uid}`]);
      expect(topicsFor(story.id)).not.toContain(`user:${muter.uid}`);
      expect(topicsFor(story.id)).not.toContain(`user:${stranger.uid}`);
    } finally {
      stream.close();
    }
  });
});
