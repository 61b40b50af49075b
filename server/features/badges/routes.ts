import { Hono } from 'hono';
import type { MyBadgesResponse, UserBadgesResponse } from '@common/badges';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { userIdParam } from '../../http/params';
import { myBadges, userBadges } from './service';

/**
 * Mounted at /api: GET /users/:uid/badges (a profile's earned badges, guests too) and
 * GET /me/badges (the writer's own, locked ones included). There is deliberately no list
 * across writers: no leaderboard.
 */
export function badgeRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.get('/users/:uid/badges', async (c) => c.json((await userBadges(ctx, c.var.viewer, userIdParam(c))) satisfies UserBadgesResponse));

  app.get('/me/badges', requireUser, async (c) => c.json((await myBadges(ctx, c.var.viewer)) satisfies MyBadgesResponse));

  return app;
}
