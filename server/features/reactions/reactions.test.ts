import { describe, expect, it } from 'vitest';
import { REACTION_KINDS, reactionResponseSchema, type ReactionKind, type Story } from '@common/stories/story';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp } from '../../test/server';
import { postStory, type ErrorBody } from '../stories/test-support';

describe.each(testDialects())('reactions on %s', (dialect) => {
  const api = useTestServer(dialect, { people: ['ada', 'bob'] });

  async function storedReactions(storyId: string) {
    const rows = await api.server.ctx.db.selectFrom('storyReactions').select(['uid', 'kind']).where('storyId', '=', storyId).execute();
    const story = await api.server.ctx.db.selectFrom('stories').select('likesCount').where('id', '=', storyId).executeTakeFirstOrThrow();
    return { rows, likesCount: Number(story.likesCount) };
  }

  it('adds a reaction once per reader and kind; likesCount counts every reaction', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const first = await api.bob.client.send('PUT', `/api/stories/${story.id}/reactions/heart`);
    expect(first.status).toBe(200);
    expect(reactionResponseSchema.parse(first.body)).toEqual({
      reactions: { counts: { heart: 1, fire: 0, laugh: 0, wow: 0, sad: 0, clap: 0 }, mine: ['heart'] },
      likesCount: 1,
    });
    // Again: nothing changes (idempotent, not a toggle).
    const again = reactionResponseSchema.parse((await api.bob.client.send('PUT', `/api/stories/${story.id}/reactions/heart`)).body);
    expect(again.likesCount).toBe(1);
    await api.bob.client.send('PUT', `/api/stories/${story.id}/reactions/fire`);
    const byAuthor = reactionResponseSchema.parse((await api.ada.client.send('PUT', `/api/stories/${story.id}/reactions/heart`)).body);
    expect(byAuthor.reactions.counts.heart).toBe(2);
    expect(byAuthor.reactions.mine).toEqual(['heart']);
    expect(byAuthor.likesCount).toBe(3);

    const viewed = await api.bob.client.get<{ story: Story }>(`/api/stories/${story.id}`);
    expect(viewed.body.story.reactions.mine).toEqual(['heart', 'fire']);
    expect(viewed.body.story.likesCount).toBe(3);
  });

  it('removes a reaction, idempotently', async () => {
    const story = await postStory(api.ada.client, { public: true });
    await api.bob.client.send('PUT', `/api/stories/${story.id}/reactions/wow`);
    const removed = reactionResponseSchema.parse((await api.bob.client.send('DELETE', `/api/stories/${story.id}/reactions/wow`)).body);
    expect(removed).toMatchObject({ likesCount: 0, reactions: { mine: [] } });
    const twice = await api.bob.client.send('DELETE', `/api/stories/${story.id}/reactions/wow`);
    expect(twice.status).toBe(200);
    expect((await storedReactions(story.id)).likesCount).toBe(0);
  });

  it('refuses unknown kinds, guests, and private stories (404 for others, 403 for the author)', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const unknown = await api.bob.client.send<ErrorBody>('PUT', `/api/stories/${story.id}/reactions/thumbsdown`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('Unknown reaction.');
    expect((await api.server.client().send('PUT', `/api/stories/${story.id}/reactions/heart`)).status).toBe(401);

    const hidden = await postStory(api.ada.client, { public: false });
    const other = await api.bob.client.send<ErrorBody>('PUT', `/api/stories/${hidden.id}/reactions/heart`);
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe('Story not found');
    const own = await api.ada.client.send<ErrorBody>('PUT', `/api/stories/${hidden.id}/reactions/heart`);
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe('Reactions are open on public stories only.');
    expect((await storedReactions(hidden.id)).rows).toEqual([]);
    expect((await api.bob.client.send('PUT', '/api/stories/missingStory00000000/reactions/heart')).status).toBe(404);
  });

  it('keeps likesCount exactly equal to the stored reactions under many concurrent readers', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const readers = await Promise.all(Array.from({ length: 12 }, () => signUp(api.server)));
    // Every reader fires every kind twice at once, and removes some of them while the adds are
    // still in flight: 12 readers × (12 adds + 3 removes) = 180 concurrent requests.
    const requests: Promise<{ status: number }>[] = [];
    const removed: Array<[number, ReactionKind]> = [];
    readers.forEach((reader, r) => {
      for (const kind of REACTION_KINDS) {
        for (let n = 0; n < 2; n++) requests.push(reader.client.send('PUT', `/api/stories/${story.id}/reactions/${kind}`));
      }
      for (const kind of REACTION_KINDS.slice(r % 3, (r % 3) + 3)) {
        removed.push([r, kind]);
        requests.push(reader.client.send('DELETE', `/api/stories/${story.id}/reactions/${kind}`));
      }
    });
    const results = await Promise.all(requests);
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);

    const { rows, likesCount } = await storedReactions(story.id);
    expect(likesCount).toBe(rows.length);
    expect(new Set(rows.map((r) => `${r.uid}:${r.kind}`)).size).toBe(rows.length);

    // Settle every removal the adds may have overtaken, concurrently again; the count still holds.
    await Promise.all(removed.map(([r, kind]) => readers[r]!.client.send('DELETE', `/api/stories/${story.id}/reactions/${kind}`)));
    const settled = await storedReactions(story.id);
    expect(settled.rows).toHaveLength(readers.length * (REACTION_KINDS.length - 3));
    expect(settled.likesCount).toBe(settled.rows.length);
    const page = await api.bob.client.get<{ story: Story }>(`/api/stories/${story.id}`);
    expect(Object.values(page.body.story.reactions.counts).reduce((a, b) => a + b, 0)).toBe(settled.likesCount);
  });
});
