import { Hono } from 'hono';
import { TAGS_BASE, tagContracts } from '@common/tags/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { followedTags, suggestTags, trendingTags } from './queries';
import { setTagFollow, tagPage } from './service';

/** /api/tags (common/tags/contract.ts). The fixed addresses come before /:name. */
export function tagRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, TAGS_BASE);
  const limited = [rateLimit(ctx, 'followActions')];

  routes.open(tagContracts.trending, [], async () => ({ tags: await trendingTags(ctx.db, new Date()) }));
  routes.open(tagContracts.suggest, [], async ({ query }) => ({ tags: await suggestTags(ctx.db, query.q) }));
  routes.signedIn(tagContracts.followed, [], async (_request, c) => ({ tags: await followedTags(ctx.db, c.var.viewer.uid) }));
  routes.open(tagContracts.page, [], async ({ params, query }, c) => tagPage(ctx, c.var.viewer, params.name, query));
  routes.signedIn(tagContracts.follow, limited, async ({ params }, c) => setTagFollow(ctx, c.var.viewer, params.name, true));
  routes.signedIn(tagContracts.unfollow, limited, async ({ params }, c) => setTagFollow(ctx, c.var.viewer, params.name, false));

  return app;
}
