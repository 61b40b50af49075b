import { describe, expect, it } from 'vitest';
import { THEMES, TWISTS } from '@common/prompts/prompts';
import { publicProfileResponseSchema } from '@common/profile/profile';
import { storyPageSchema, storyRowsResponseSchema, type Story } from '@common/stories/story';
import type { UserRecord } from '@common/me/user';
import { testDialects } from '../test/databases';
import { useTestServer } from '../test/api-fixture';
import { type SignedUp } from '../test/server';
import type { TestClient } from '../test/client';
import { postStory } from '../features/stories/test-support';
import { readableStories, type StoryScope } from './readable-stories';
import { storyPolicy } from './stories';
import type { Viewer } from './viewer';

const ids = async (client: TestClient, path: string) => {
  const res = await client.get(path);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return storyPageSchema.parse(res.body).stories.map((s) => s.id);
};

describe.each(testDialects())('the stories a viewer may read, on %s', (dialect) => {
  const api = useTestServer(dialect, { people: { ada: { name: 'Ada' }, bob: { name: 'Bob' }, admin: { admin: true } } });

  it('agrees in SQL with storyPolicy read, for every viewer and scope', async () => {
    for (const who of [api.ada, api.bob]) {
      await postStory(who.client, { public: true });
      await postStory(who.client, { public: false });
    }
    // A suspended or deactivated writer's public story, and a limited one's.
    const hidden = await postStory(api.bob.client, { public: true });
    await api.server.ctx.db.updateTable('stories').set({ authorState: 2 }).where('id', '=', hidden.id).execute();
    const limited = await postStory(api.bob.client, { public: true });
    await api.server.ctx.db.updateTable('stories').set({ authorState: 1 }).where('id', '=', limited.id).execute();
    const all = await api.server.ctx.db.selectFrom('stories').select(['id', 'uid', 'public', 'authorState']).execute();
    const viewers: Viewer[] = [null, { uid: api.ada.uid, admin: false }, { uid: api.bob.uid, admin: false }, { uid: api.admin.uid, admin: true }];
    const scopes: StoryScope[] = [{}, { publicOnly: true }, { author: api.ada.uid }, { author: api.ada.uid, publicOnly: true }, { author: api.bob.uid }];
    for (const viewer of viewers) {
      for (const scope of scopes) {
        const found = await readableStories(api.server.ctx.db, viewer, scope).select('s.id').execute();
        const expected = all.filter(
          (s) => storyPolicy.can(viewer, 'read', s) && (scope.author === undefined || s.uid === scope.author) && (!scope.publicOnly || s.public === 1),
        );
        expect(found.map((s) => s.id).sort(), JSON.stringify({ viewer, scope })).toEqual(expected.map((s) => s.id).sort());
      }
    }
  });

  it('keeps a private story out of every list of everyone but its author, admins included', async () => {
    const word = `quillfeather${dialect}`;
    const story: Story = await postStory(api.ada.client, {
      public: true,
      title: `The ${word}`,
      content: `A ${word} in the dark.`,
      prompt: { genre: 'Horror', theme: THEMES[0], twist: TWISTS[0] },
    });
    // Readers' favourites; an author cannot favourite their own story.
    for (const who of [api.bob, api.admin]) expect((await who.client.send('PUT', `/api/favorites/${story.id}`)).status).toBe(200);
    await api.bob.client.send('PUT', `/api/stories/${story.id}/reactions/heart`);

    const lists = [
      '/api/stories/community?limit=50',
      '/api/stories/community?sort=liked&limit=50',
      '/api/stories/community?genre=Horror&limit=50',
      `/api/stories/community?q=${word}`,
      `/api/stories/community?q=${word}&sort=liked`,
      `/api/stories/community?author=${api.ada.uid}&limit=50`,
      `/api/users/${api.ada.uid}/stories?limit=50`,
    ];
    const publicCount = async () => publicProfileResponseSchema.parse((await api.bob.client.get(`/api/users/${api.ada.uid}`)).body).stats.publicStories;
    const favourites = async (who: SignedUp) => ({
      list: await ids(who.client, '/api/favorites?limit=50'),
      record: (await who.client.get<{ user: UserRecord }>('/api/me')).body.user.favorites,
    });

    for (const path of lists) expect(await ids(api.bob.client, path), path).toContain(story.id);
    const countWhilePublic = await publicCount();

    expect((await api.ada.client.patch(`/api/stories/${story.id}/visibility`, { public: false })).status).toBe(200);

    for (const client of [api.server.client(), api.bob.client, api.admin.client, api.ada.client]) {
      for (const path of lists) expect(await ids(client, path), path).not.toContain(story.id);
    }
    for (const client of [api.server.client(), api.bob.client, api.admin.client]) {
      expect((await client.get(`/api/stories/${story.id}`)).status).toBe(404);
      expect((await client.get(`/api/stories/${story.id}/comments`)).status).toBe(404);
    }
    for (const who of [api.bob, api.admin]) expect(await favourites(who)).toEqual({ list: [], record: [] });
    expect(await publicCount()).toBe(countWhilePublic - 1);

    // Its author still has it on their own shelves.
    expect(await ids(api.ada.client, '/api/stories/mine?limit=50')).toContain(story.id);
    const rows = storyRowsResponseSchema.parse((await api.ada.client.get('/api/stories/mine/rows')).body).rows;
    expect(rows.map((r) => r.id)).toContain(story.id);
    expect((await api.ada.client.get(`/api/stories/${story.id}`)).status).toBe(200);
  });
});
