import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewResponseSchema } from '@common/stories/story';
import { testDialects } from '../../test/databases';
import { signUp, startTestServer, type SignedUp, type TestServer } from '../../test/server';
import { findUser } from '../../shared/users';
import { postStory } from './test-support';
import { recordView } from './views';

describe.each(testDialects())('views on %s', (dialect) => {
  let server: TestServer;
  let ada: SignedUp;
  let bob: SignedUp;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ada = await signUp(server);
    bob = await signUp(server);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('counts one view per reader per day, none by the owner', async () => {
    const story = await postStory(ada.client, { public: true });
    const view = async (who: SignedUp) => viewResponseSchema.parse((await who.client.post(`/api/stories/${story.id}/view`)).body);
    expect(await view(bob)).toEqual({ viewsCount: 1, counted: true });
    expect(await view(bob)).toEqual({ viewsCount: 1, counted: false });
    expect(await view(ada)).toEqual({ viewsCount: 1, counted: false });

    const viewer = (await findUser(server.ctx.db, bob.uid))!;
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await recordView(server.ctx, viewer, story.id, tomorrow)).toEqual({ viewsCount: 2, counted: true });
    expect(await recordView(server.ctx, viewer, story.id, tomorrow)).toEqual({ viewsCount: 2, counted: false });
  });

  it('counts concurrent first views of one reader once', async () => {
    const story = await postStory(ada.client, { public: true });
    const readers = await Promise.all(Array.from({ length: 5 }, () => signUp(server)));
    await Promise.all(readers.flatMap((r) => Array.from({ length: 4 }, () => r.client.post(`/api/stories/${story.id}/view`))));
    const row = await server.ctx.db.selectFrom('stories').select('viewsCount').where('id', '=', story.id).executeTakeFirstOrThrow();
    const views = await server.ctx.db.selectFrom('storyViews').select('viewerUid').where('storyId', '=', story.id).execute();
    expect(views).toHaveLength(5);
    expect(Number(row.viewsCount)).toBe(5);
  });

  it('counts no views of stories the reader cannot see, and none by guests', async () => {
    const hidden = await postStory(ada.client, { public: false });
    expect((await bob.client.post(`/api/stories/${hidden.id}/view`)).status).toBe(404);
    expect((await server.client().post(`/api/stories/${hidden.id}/view`)).status).toBe(401);
  });
});
