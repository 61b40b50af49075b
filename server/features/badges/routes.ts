import { Hono } from 'hono';
import { BADGES_BASE, badgeContracts } from '@common/badges/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { myBadges, userBadges } from './service';

/**
 * Mounted at /api (common/badges/contract.ts): GET /users/:uid/badges (a profile's earned
 * badges, guests too) and GET /me/badges (the writer's own, locked ones included). There is
 * deliberately no list across writers: no leaderboard.
 */
export function badgeRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, BADGES_BASE);

  routes.open(badgeContracts.user, [], async ({ params }, c) => userBadges(ctx, c.var.viewer, params.uid));
  routes.signedIn(badgeContracts.mine, [], async (_request, c) => myBadges(ctx, c.var.viewer));

  return app;
}
