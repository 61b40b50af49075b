import { Hono } from 'hono';
import { contentRemovalSchema } from '@common/moderation';
import type { AppEnv, ServerContext } from '../../context';
import { guard } from '../../http/guards';
import { rateLimit } from '../../http/rate-limit';
import { readJson } from '../../http/validate';
import { authorizeModeration } from '../../policy/moderation';
import { removeDirectly } from './removal';

/** /api/admin/removals: an admin takes down a story or comment from its page or the user's page (contract in common/moderation.ts). */
export function removalRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.post('/', guard(authorizeModeration, 'removeContent'), rateLimit(ctx, 'adminWrites'), async (c) => {
    const input = await readJson(c, contentRemovalSchema);
    return c.json(await removeDirectly(ctx, c.var.user, input));
  });

  return app;
}
