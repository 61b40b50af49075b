import type { ServerContext } from '../../context';
import { Hono } from 'hono';
import type { AppEnv } from '../../context';

/** /api/users/:uid/can-message and /api/me/messaging-settings (direct messages, issue 12). */
export function directMessageRoutes(ctx: ServerContext) {
  // Mounted beside other routers: each route says `requireUser` itself (never app.use('*')).
  const app = new Hono<AppEnv>();
  void ctx;
  return app;
}
