import { Hono } from 'hono';
import { STORIES_BASE, storyContracts } from '@common/stories/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { encodeJson } from '../../http/encoded-json';
import { rateLimit } from '../../http/rate-limit';
import { actorOf } from '../../shared/actor';
import { listCommunity, listMine } from './queries/lists';
import { storyRowsOf } from './queries';
import { createStory, deleteStory, getStory, setVisibility, updateStory } from './service';
import { recordView } from './views';
import { communityHeadCache, isReadersPage, isSharedCommunityPage, loadCommunityHead, readerAnswer } from './community-page';

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

  const routes = contractRoutes(app, STORIES_BASE);
  const writes = [rateLimit(ctx, 'storyWrites')];

  routes.signedIn(storyContracts.create, writes, async ({ body }, c) => createStory(ctx, actorOf(c), body));

  routes.open(storyContracts.community, [], async ({ query }, c) => {
    const viewer = c.var.viewer;
    // The page everyone opens first, with no parameters at all, is shared (community-page.ts):
    // a signed-in reader only checks which stories they may see on it. Kept only once this
    // instance has heard of every change committed before the request (auth/session.ts).
    if (c.var.caughtUp && isSharedCommunityPage(c)) {
      const head = await communityHead.get(() => loadCommunityHead(ctx.db, query));
      if (viewer === null) return head.guest;
      if (await isReadersPage(ctx.db, head, viewer, c.var.shelfFacts)) return readerAnswer(head);
    }
    return encodeJson(await listCommunity(ctx.db, ctx.dialect, viewer, query));
  });

  routes.signedIn(storyContracts.mine, [], async ({ query }, c) => listMine(ctx.db, c.var.viewer, query));

  routes.signedIn(storyContracts.rows, [], async (_request, c) => ({ rows: await storyRowsOf(ctx.db, c.var.viewer, STORY_ROWS_CAP) }));

  routes.open(storyContracts.read, [], async ({ params }, c) => ({ story: await getStory(ctx, c.var.viewer, params.id) }));

  routes.signedIn(storyContracts.update, writes, async ({ params, body }, c) => updateStory(ctx, actorOf(c), params.id, body));

  routes.signedIn(storyContracts.setVisibility, writes, async ({ params, body }, c) => ({ story: await setVisibility(ctx, actorOf(c), params.id, body.public) }));

  routes.signedIn(storyContracts.remove, [], async ({ params }, c) => deleteStory(ctx, actorOf(c), params.id));

  routes.signedIn(storyContracts.recordView, [], async ({ params }, c) => recordView(ctx, c.var.viewer, params.id));

  return app;
}
