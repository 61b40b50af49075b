import { describe, expect, it } from 'vitest';
import { viewResponseSchema } from '@common/stories/story';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import { findUser } from '../../shared/users';
import { postStory } from './test-support';
import { recordView } from './views';

describe.each(testDialects())('views on %s', (dialect) => {
  const api = useTestServer(dialect, { people: ['ada', 'bob'] });

  it('counts one view per reader per day, none by the owner', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const view = async (who: SignedUp) => viewResponseSchema.parse((await who.client.post(`/api/stories/${story.id}/view`)).body);
    expect(await view(api.bob)).toEqual({ viewsCount: 1, counted: true });
    expect(await view(api.bob)).toEqual({ viewsCount: 1, counted: false });
    expect(await view(api.ada)).toEqual({ viewsCount: 1, counted: false });

    const viewer = (await findUser(api.server.ctx.db, api.bob.uid))!;
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await recordView(api.server.ctx, viewer, story.id, tomorrow)).toEqual({ viewsCount: 2, counted: true });
    expect(await recordView(api.server.ctx, viewer, story.id, tomorrow)).toEqual({ viewsCount: 2, counted: false });
  });

  it('counts concurrent first views of one reader once', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const readers = await Promise.all(Array.from({ length: 5 }, () => signUp(api.server)));
    await Promise.all(readers.flatMap((r) => Array.from({ length: 4 }, () => r.client.post(`/api/stories/${story.id}/view`))));
    const row = await api.server.ctx.db.selectFrom('stories').select('viewsCount').where('id', '=', story.id).executeTakeFirstOrThrow();
    const views = await api.server.ctx.db.selectFrom('storyViews').select('viewerUid').where('storyId', '=', story.id).execute();
    expect(views).toHaveLength(5);
    expect(Number(row.viewsCount)).toBe(5);
  });

  it('counts no views of stories the reader cannot see, and none by guests', async () => {
    const hidden = await postStory(api.ada.client, { public: false });
    expect((await api.bob.client.post(`/api/stories/${hidden.id}/view`)).status).toBe(404);
    expect((await api.server.client().post(`/api/stories/${hidden.id}/view`)).status).toBe(401);
  });
});
