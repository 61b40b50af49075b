import type { ServerContext } from '../../context';
import { Hono } from 'hono';
import type { AppEnv } from '../../context';

/** /api/notifications: the bell's list, unread count, read marks; and the one-click unsubscribe. */
export function notificationRoutes(ctx: ServerContext) {
  // Mounted beside other routers: each route says `requireUser` itself (never app.use('*')).
  const app = new Hono<AppEnv>();
  void ctx;
  return app;
}
