import { Hono } from 'hono';
import { FEED_BASE, feedContracts } from '@common/feed/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { countNewer, moveMarker, readFeed } from './service';

/**
 * /api/feed (common/feed/contract.ts): the signed-in reader's feed of the writers they follow.
 * Guards sit on each route, never `app.use`, so nothing here runs for other /api requests.
 */
export function feedRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, FEED_BASE);

  routes.signedIn(feedContracts.page, [], async ({ query }, c) => readFeed(ctx, c.var.viewer, query));
  routes.signedIn(feedContracts.newCount, [], async ({ query }, c) => ({ count: await countNewer(ctx, c.var.viewer, query.after) }));
  routes.signedIn(feedContracts.marker, [], async ({ body }, c) => ({ marker: await moveMarker(ctx, c.var.viewer, body.storyId) }));

  return app;
}
