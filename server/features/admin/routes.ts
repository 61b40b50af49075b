import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { authorizeAdmin } from '../../policy/admin';
import { countUsers } from '../../shared/users';

/** /api/admin: each handler authorizes its action through the admin policy (401 guests, 403 others). */
export function adminRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  app.get('/overview', async (c) => {
    authorizeAdmin(c.var.viewer, 'viewOverview');
    return c.json({ users: await countUsers(ctx.db) });
  });
  return app;
}
