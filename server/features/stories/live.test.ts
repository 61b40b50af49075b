import { describe, expect, it } from 'vitest';
import { liveEventSchemas, PUBLIC_STORIES_TOPIC, storyTopic, type LiveEventPayload } from '@common/events/live-events';
import { REACTION_KINDS, type Comment } from '@common/stories/story';
import { eventsAfter } from '../../events/outbox';
import { openEventStream } from '../../test/sse';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import { postStory } from './test-support';

const noReactions = Object.fromEntries(REACTION_KINDS.map((k) => [k, 0]));

describe.each(testDialects())('live story events on %s', (dialect) => {
  const api = useTestServer(dialect, { people: ['ada', 'bob'] });

  const latest = async () => (await api.server.ctx.bus.position()).latest;

  /** The events recorded on `topic` after `after`, as [type, payload]. */
  async function recorded(topic: string, after: number) {
    return (await eventsAfter(api.server.ctx.db, after, [topic])).map((e) => [e.type, JSON.parse(e.payload) as unknown] as const);
  }

  async function comment(client: SignedUp['client'], storyId: string, text: string): Promise<Comment> {
    const res = await client.post<{ comment: Comment }>(`/api/stories/${storyId}/comments`, { text });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.comment;
  }

  it('records story.comments and exact story.counts on the story and public topics when a comment is posted and deleted', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const before = await latest();
    const posted = await comment(api.bob.client, story.id, 'Lovely ending.');
    const counts = { storyId: story.id, uid: api.ada.uid, likesCount: 0, commentsCount: 1, reactions: noReactions };
    expect(await recorded(storyTopic(story.id), before)).toEqual([
      ['story.comments', { storyId: story.id, commentId: posted.id, change: 'created' }],
      ['story.counts', counts],
    ]);
    expect(await recorded(PUBLIC_STORIES_TOPIC, before)).toEqual([['story.counts', counts]]);

    const middle = await latest();
    expect((await api.ada.client.send('DELETE', `/api/stories/${story.id}/comments/${posted.id}`)).status).toBe(200);
    expect(await recorded(storyTopic(story.id), middle)).toEqual([
      ['story.comments', { storyId: story.id, commentId: posted.id, change: 'deleted' }],
      ['story.counts', { ...counts, commentsCount: 0 }],
    ]);
  });

  it('records the exact counts after a reaction is added or removed, and nothing when nothing changed', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const before = await latest();
    expect((await api.bob.client.send('PUT', `/api/stories/${story.id}/reactions/heart`)).status).toBe(200);
    expect((await api.ada.client.send('PUT', `/api/stories/${story.id}/reactions/fire`)).status).toBe(200);
    const afterAdds = await latest();
    expect(await recorded(storyTopic(story.id), before)).toEqual([
      ['story.counts', { storyId: story.id, uid: api.ada.uid, likesCount: 1, commentsCount: 0, reactions: { ...noReactions, heart: 1 } }],
      ['story.counts', { storyId: story.id, uid: api.ada.uid, likesCount: 2, commentsCount: 0, reactions: { ...noReactions, heart: 1, fire: 1 } }],
    ]);
    // The same add again, and removing one never left: no change, so no event.
    await api.bob.client.send('PUT', `/api/stories/${story.id}/reactions/heart`);
    await api.bob.client.send('DELETE', `/api/stories/${story.id}/reactions/wow`);
    expect(await recorded(storyTopic(story.id), afterAdds)).toEqual([]);
    await api.bob.client.send('DELETE', `/api/stories/${story.id}/reactions/heart`);
    expect(await recorded(PUBLIC_STORIES_TOPIC, afterAdds)).toEqual([
      ['story.counts', { storyId: story.id, uid: api.ada.uid, likesCount: 1, commentsCount: 0, reactions: { ...noReactions, fire: 1 } }],
    ]);
  });

  it('keeps the counts of a story that is no longer public off the public topic, and records nothing for refused writes', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const posted = await comment(api.bob.client, story.id, 'Said before it went private.');
    expect((await api.ada.client.send('PATCH', `/api/stories/${story.id}/visibility`, { public: false })).status).toBe(200);
    const before = await latest();
    // Refused: others cannot react to or comment on a private story; nothing is recorded.
    expect((await api.bob.client.send('PUT', `/api/stories/${story.id}/reactions/heart`)).status).toBe(404);
    expect((await api.bob.client.send('POST', `/api/stories/${story.id}/comments`, { text: 'Hello?' })).status).toBe(404);
    expect(await recorded(storyTopic(story.id), before)).toEqual([]);
    // The author still tidies up comments: the story's own page hears of it, the public topic does not.
    expect((await api.ada.client.send('DELETE', `/api/stories/${story.id}/comments/${posted.id}`)).status).toBe(200);
    expect((await recorded(storyTopic(story.id), before)).map(([type]) => type)).toEqual(['story.comments', 'story.counts']);
    expect(await recorded(PUBLIC_STORIES_TOPIC, before)).toEqual([]);
  });

  it('leaves the last story.counts equal to the stored counts after a concurrent burst', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const readers = await Promise.all(Array.from({ length: 8 }, () => signUp(api.server)));
    const before = await latest();
    await Promise.all(
      readers.flatMap((reader, i) => [
        reader.client.send('PUT', `/api/stories/${story.id}/reactions/${REACTION_KINDS[i % REACTION_KINDS.length]}`),
        reader.client.send('PUT', `/api/stories/${story.id}/reactions/clap`),
        i % 3 === 0 ? reader.client.send('DELETE', `/api/stories/${story.id}/reactions/clap`) : reader.client.post(`/api/stories/${story.id}/comments`, { text: `Reader ${i}` }),
      ]),
    );
    const events = (await eventsAfter(api.server.ctx.db, before, [storyTopic(story.id)])).filter((e) => e.type === 'story.counts');
    const last = liveEventSchemas['story.counts'].parse(JSON.parse(events.at(-1)!.payload));
    const { likesCount, commentsCount } = await api.server.ctx.db
      .selectFrom('stories')
      .select(['likesCount', 'commentsCount'])
      .where('id', '=', story.id)
      .executeTakeFirstOrThrow();
    const rows = await api.server.ctx.db.selectFrom('storyReactions').select('kind').where('storyId', '=', story.id).execute();
    const stored = { ...noReactions };
    for (const row of rows) stored[row.kind] = (stored[row.kind] ?? 0) + 1;
    expect(last).toEqual({ storyId: story.id, uid: api.ada.uid, likesCount: Number(likesCount), commentsCount: Number(commentsCount), reactions: stored });
    expect(last.likesCount).toBe(rows.length);
  });

  describe('watching over the stream', () => {
    it("a tab watching a story hears another writer's comments, deletions and reactions", async () => {
      const story = await postStory(api.ada.client, { public: true });
      const stream = await openEventStream(api.ada.client, undefined, { watch: `story:${story.id}` });
      try {
        expect(stream.status).toBe(200);
        await stream.next('story.counts', 200).then(
          () => expect.fail('no event before anything happened'),
          () => undefined,
        );
        const posted = await comment(api.bob.client, story.id, 'Live!');
        const created = liveEventSchemas['story.comments'].parse(JSON.parse((await stream.next('story.comments')).data));
        expect(created).toEqual({ storyId: story.id, commentId: posted.id, change: 'created' });
        expect(JSON.parse((await stream.next('story.counts')).data)).toMatchObject({ commentsCount: 1 });

        await api.bob.client.send('PUT', `/api/stories/${story.id}/reactions/laugh`);
        const counts: LiveEventPayload<'story.counts'> = JSON.parse((await stream.next('story.counts')).data);
        expect(counts).toEqual({ storyId: story.id, uid: api.ada.uid, likesCount: 1, commentsCount: 1, reactions: { ...noReactions, laugh: 1 } });

        await api.bob.client.send('DELETE', `/api/stories/${story.id}/comments/${posted.id}`);
        expect(JSON.parse((await stream.next('story.comments')).data)).toMatchObject({ change: 'deleted', commentId: posted.id });
        expect(JSON.parse((await stream.next('story.counts')).data)).toMatchObject({ commentsCount: 0, likesCount: 1 });
      } finally {
        stream.close();
      }
    });

    it('resumes a watched story from `since`, replaying what the tab missed', async () => {
      const story = await postStory(api.ada.client, { public: true });
      const since = String(await latest());
      await comment(api.bob.client, story.id, 'While you were away.');
      const stream = await openEventStream(api.ada.client, undefined, { watch: `story:${story.id}`, since });
      try {
        expect(JSON.parse((await stream.next('story.comments')).data)).toMatchObject({ storyId: story.id, change: 'created' });
        expect(JSON.parse((await stream.next('story.counts')).data)).toMatchObject({ commentsCount: 1 });
      } finally {
        stream.close();
      }
    });

    it('a community watcher hears the counts of public stories only; an unwatched stream hears none', async () => {
      const shown = await postStory(api.ada.client, { public: true });
      const hidden = await postStory(api.ada.client, { public: true });
      const posted = await comment(api.bob.client, hidden.id, 'Soon private.');
      expect((await api.ada.client.send('PATCH', `/api/stories/${hidden.id}/visibility`, { public: false })).status).toBe(200);
      const community = await openEventStream(api.bob.client, undefined, { watch: 'community' });
      const plain = await openEventStream(api.bob.client);
      try {
        // The private story's change first: were it sent, it would arrive before the public one's.
        expect((await api.ada.client.send('DELETE', `/api/stories/${hidden.id}/comments/${posted.id}`)).status).toBe(200);
        await api.bob.client.send('PUT', `/api/stories/${shown.id}/reactions/wow`);
        const counts = liveEventSchemas['story.counts'].parse(JSON.parse((await community.next('story.counts')).data));
        expect(counts.storyId).toBe(shown.id);
        expect(counts.reactions.wow).toBe(1);
        expect(community.received.filter((m) => m.event === 'story.counts' || m.event === 'story.comments')).toEqual([]);
        await plain.next('story.counts', 300).then(
          () => expect.fail('a stream watching nothing gets no story counts'),
          () => undefined,
        );
      } finally {
        community.close();
        plain.close();
      }
    });

    it('refuses to watch a story the viewer cannot read, or an unknown target', async () => {
      const hidden = await postStory(api.ada.client, { public: false });
      const refused = await openEventStream(api.bob.client, undefined, { watch: `story:${hidden.id}` });
      refused.close();
      expect(refused.status).toBe(404);
      const unknown = await openEventStream(api.bob.client, undefined, { watch: 'everything' });
      unknown.close();
      expect(unknown.status).toBe(400);
    });
  });
});
