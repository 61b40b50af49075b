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
import { communityHeadCache, encodeJson, isReadersPage, isSharedCommunityPage, loadCommunityHead, readerAnswer, sendJson } from './community-page';

/** GET /api/stories/community without parameters: every default, parsed once. */
const DEFAULT_COMMUNITY_QUERY = communityQuerySchema.parse({});

/** The most rows the table screen gets in one answer. */
const STORY_ROWS_CAP = 5_000;

/**
 * /api/stories. Reading public stories is open to guests; everything else needs a session.
 * Middleware is attached per route: other routers share this prefix.
 */
export function storyRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const communityHead = communityHeadCache(ctx);

  // Every write under /api/stories (stories, views, and the reactions and comments routers
  // mounted on the same prefix) drops this instance's shared first page once it succeeded.
  app.use('*', async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.res.status < 400) communityHead.invalidate();
  });

  app.post('/', requireUser, rateLimit(ctx, 'storyWrites'), async (c) => {
    const input = await readJson(c, storyCreateSchema);
    return c.json(await createStory(ctx, actorOf(c), input), 201);
  });

  app.get('/community', async (c) => {
    const viewer = c.var.viewer;
    // The page everyone opens first, with no parameters at all, is shared (community-page.ts):
    // a signed-in reader only checks which stories they may see on it.
    const shared = isSharedCommunityPage(c);
    const query = shared ? DEFAULT_COMMUNITY_QUERY : readQuery(c, communityQuerySchema);
    if (shared) {
      const head = await communityHead.get(() => loadCommunityHead(ctx.db, query));
      if (viewer === null) return sendJson(c, head.guest);
      if (await isReadersPage(ctx.db, head, viewer, c.var.shelfFacts)) return sendJson(c, readerAnswer(head));
    }
    return sendJson(c, encodeJson(await listCommunity(ctx.db, ctx.dialect, viewer, query)));
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
