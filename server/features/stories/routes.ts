import { Hono } from 'hono';
import {
  communityQuerySchema,
  myStoriesQuerySchema,
  storyCreateSchema,
  storyUpdateSchema,
  visibilityUpdateSchema,
} from '@common/story';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { rateLimit } from '../../http/rate-limit';
import { readJson, readQuery } from '../../http/validate';
import { actorOf } from '../../shared/actor';
import { storyIdParam } from '../../http/params';
import { listCommunity, listMine } from './lists';
import { storyRowsOf } from './queries';
import { createStory, deleteStory, getStory, setVisibility, updateStory } from './service';
import { recordView } from './views';

/** The most rows the table screen gets in one answer. */
const STORY_ROWS_CAP = 5_000;

/**
 * /api/stories. Reading public stories is open to guests; everything else needs a session.
 * Middleware is attached per route: other routers share this prefix.
 */
export function storyRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.post('/', requireUser, rateLimit(ctx, 'storyWrites'), async (c) => {
    const input = await readJson(c, storyCreateSchema);
    return c.json(await createStory(ctx, actorOf(c), input), 201);
  });

  app.get('/community', async (c) => {
    const query = readQuery(c, communityQuerySchema);
    return c.json(await listCommunity(ctx.db, ctx.dialect, c.var.viewer, query));
  });

  app.get('/mine', requireUser, async (c) => {
    const query = readQuery(c, myStoriesQuerySchema);
    return c.json(await listMine(ctx.db, c.var.viewer, query));
  });

  app.get('/mine/rows', requireUser, async (c) => c.json({ rows: await storyRowsOf(ctx.db, c.var.viewer, STORY_ROWS_CAP) }));

  app.get('/:id', async (c) => c.json({ story: await getStory(ctx, c.var.viewer, storyIdParam(c)) }));

  app.patch('/:id', requireUser, rateLimit(ctx, 'storyWrites'), async (c) => {
    const id = storyIdParam(c);
    const input = await readJson(c, storyUpdateSchema);
    return c.json(await updateStory(ctx, actorOf(c), id, input));
  });

  app.patch('/:id/visibility', requireUser, rateLimit(ctx, 'storyWrites'), async (c) => {
    const id = storyIdParam(c);
    const { public: makePublic } = await readJson(c, visibilityUpdateSchema);
    return c.json({ story: await setVisibility(ctx, actorOf(c), id, makePublic) });
  });

  app.delete('/:id', requireUser, async (c) => {
    await deleteStory(ctx, actorOf(c), storyIdParam(c));
    return c.body(null, 204);
  });

  app.post('/:id/view', requireUser, async (c) => c.json(await recordView(ctx, c.var.viewer, storyIdParam(c))));

  return app;
}
