import { describe, expect, it } from 'vitest';
import { favoritesResponseSchema, storyPageSchema, type Story } from '@common/stories/story';
import type { UserRecord } from '@common/me/user';
import { testDialects } from '../../test/databases';
import { openEventStream } from '../../test/sse';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import { postStory, type ErrorBody } from '../stories/test-support';

describe.each(testDialects())('favourites on %s', (dialect) => {
  const api = useTestServer(dialect, { people: ['ada', 'bob'] });

  const favoritesOf = async (who: SignedUp) => (await who.client.get<{ user: UserRecord }>('/api/me')).body.user.favorites;

  it('adds and removes a story id in the user’s favorites, idempotently', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const added = await api.bob.client.send('PUT', `/api/favorites/${story.id}`);
    expect(added.status).toBe(200);
    expect(favoritesResponseSchema.parse(added.body).favorites).toEqual([story.id]);
    expect((await api.bob.client.send('PUT', `/api/favorites/${story.id}`)).status).toBe(200);
    expect(await favoritesOf(api.bob)).toEqual([story.id]);
    const removed = await api.bob.client.send('DELETE', `/api/favorites/${story.id}`);
    expect(favoritesResponseSchema.parse(removed.body).favorites).toEqual([]);
    expect((await api.bob.client.send('DELETE', `/api/favorites/${story.id}`)).status).toBe(200);
  });

  it('tells the user’s other tabs', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const stream = await openEventStream(api.bob.client);
    try {
      await api.bob.client.send('PUT', `/api/favorites/${story.id}`);
      const event = await stream.next('user.updated');
      expect((JSON.parse(event.data) as { user: UserRecord }).user.favorites).toContain(story.id);
    } finally {
      stream.close();
    }
  });

  it('lets nobody favourite someone else’s private story, nor an author their own', async () => {
    const hidden = await postStory(api.ada.client, { public: false });
    const res = await api.bob.client.send<ErrorBody>('PUT', `/api/favorites/${hidden.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Story not found');
    for (const own of [hidden, await postStory(api.ada.client, { public: true })]) {
      const refused = await api.ada.client.send<ErrorBody>('PUT', `/api/favorites/${own.id}`);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({ code: 'forbidden', message: 'You cannot favorite your own story.' });
      expect((await api.ada.client.get<{ story: Story }>(`/api/stories/${own.id}`)).body.story.permissions.favorite).toBe(false);
    }
    expect(await favoritesOf(api.ada)).toEqual([]);
    expect((await api.server.client().send('PUT', `/api/favorites/${hidden.id}`)).status).toBe(401);
    expect((await api.bob.client.send('PUT', '/api/favorites/missing000000000000')).status).toBe(404);
  });

  it('lists favourited stories still visible, most recent first; one turned private drops out of list and record', async () => {
    const reader = await signUp(api.server);
    const first = await postStory(api.ada.client, { public: true });
    const second = await postStory(api.bob.client, { public: true });
    const third = await postStory(api.bob.client, { public: true });
    for (const id of [first.id, second.id, third.id]) await reader.client.send('PUT', `/api/favorites/${id}`);
    const list = async () => storyPageSchema.parse((await reader.client.get('/api/favorites')).body).stories.map((s) => s.id);
    expect(await list()).toEqual([third.id, second.id, first.id]);

    await api.ada.client.patch(`/api/stories/${first.id}/visibility`, { public: false });
    expect(await list()).toEqual([third.id, second.id]);
    expect(await favoritesOf(reader)).toEqual([third.id, second.id]);

    await api.ada.client.patch(`/api/stories/${first.id}/visibility`, { public: true });
    expect(await list()).toEqual([third.id, second.id, first.id]);
    await api.bob.client.delete(`/api/stories/${second.id}`);
    expect(await list()).toEqual([third.id, first.id]);
    expect((await api.server.client().get('/api/favorites')).status).toBe(401);
  });

  it('pages the favourites list by cursor', async () => {
    const reader = await signUp(api.server);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const story = await postStory(api.ada.client, { public: true });
      await reader.client.send('PUT', `/api/favorites/${story.id}`);
      ids.unshift(story.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const path: string = cursor ? `/api/favorites?limit=2&cursor=${cursor}` : '/api/favorites?limit=2';
      const page = storyPageSchema.parse((await reader.client.get(path)).body);
      seen.push(...page.stories.map((s) => s.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids);
  });
});
