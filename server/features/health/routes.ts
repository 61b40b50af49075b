import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { unavailableResponse } from '../../http/errors';

export function healthRoutes(ctx: ServerContext, ping: () => Promise<boolean>) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const ok = await ping().catch((err: unknown) => {
      ctx.logger.warn({ err }, 'health check: database unreachable');
      return false;
    });
    // A load balancer takes the instance out of rotation on the 503; Retry-After says when to look again.
    return ok ? c.json({ status: 'ok', database: ctx.dialect }) : unavailableResponse(c, 'The database is unreachable.');
  });
  return app;
}
