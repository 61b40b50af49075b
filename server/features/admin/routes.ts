import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { requireAdmin } from '../../auth/session';
import { countUsers } from '../me/queries';

export function adminRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  app.use('*', requireAdmin);
  app.get('/overview', async (c) => c.json({ users: await countUsers(ctx.db) }));
  return app;
}
