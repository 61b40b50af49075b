import { Hono } from 'hono';
import { feedMarkerInputSchema, feedNewCountQuerySchema, feedQuerySchema } from '@common/social';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { readJson, readQuery } from '../../http/validate';
import { countNewer, moveMarker, readFeed } from './service';

/**
 * /api/feed: the signed-in reader's feed of the writers they follow. Guards sit on each
 * route, never `app.use`, so nothing here runs for other /api requests.
 */
export function feedRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.get('/', requireUser, async (c) => c.json(await readFeed(ctx, c.var.viewer, readQuery(c, feedQuerySchema))));

  app.get('/new-count', requireUser, async (c) => {
    const { after } = readQuery(c, feedNewCountQuerySchema);
    return c.json({ count: await countNewer(ctx, c.var.viewer, after) });
  });

  app.put('/marker', requireUser, async (c) => {
    const { storyId } = await readJson(c, feedMarkerInputSchema);
    return c.json({ marker: await moveMarker(ctx, c.var.viewer, storyId) });
  });

  return app;
}
