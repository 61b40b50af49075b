import { Hono } from 'hono';
import { REMOVALS_BASE, removalContracts } from '@common/moderation/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { contractGuard } from '../../http/guards';
import { rateLimit } from '../../http/rate-limit';
import { authorizeModeration } from '../../policy/moderation';
import { removeDirectly } from './removal';

/** /api/admin/removals: an admin takes down a story or comment from its page or the user's page (common/moderation/contract.ts). */
export function removalRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, REMOVALS_BASE);

  routes.signedIn(removalContracts.remove, [contractGuard(authorizeModeration, 'removeContent'), rateLimit(ctx, 'adminWrites')], async ({ body }, c) =>
    removeDirectly(ctx, c.var.user, body),
  );

  return app;
}
