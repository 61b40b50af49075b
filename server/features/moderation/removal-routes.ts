import { Hono } from 'hono';
import { contentRemovalSchema } from '@common/moderation';
import type { AppEnv, ServerContext } from '../../context';
import { rateLimit } from '../../http/rate-limit';
import { readJson } from '../../http/validate';
import { removeDirectly } from './removal';
import { adminOf, moderators } from './routes';

/** /api/admin/removals: an admin takes down a story or comment from its page or the user's page (contract in common/moderation.ts). */
export function removalRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.post('/', moderators('removeContent'), rateLimit(ctx, 'adminWrites'), async (c) => {
    const input = await readJson(c, contentRemovalSchema);
    return c.json(await removeDirectly(ctx, adminOf(c), input));
  });

  return app;
}
