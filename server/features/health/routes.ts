import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { unavailableResponse } from '../../http/errors';

/** Said while an instance drains after SIGTERM (DRAIN_NOTICE_SECONDS): it still answers everything else. */
export const DRAINING_MESSAGE = 'This instance is shutting down.';

export function healthRoutes(ctx: ServerContext, ping: () => Promise<boolean>, draining: () => boolean = () => false) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    // The load balancer's next checks take the instance out before it closes any connection.
    if (draining()) return unavailableResponse(c, DRAINING_MESSAGE);
    const ok = await ping().catch((err: unknown) => {
      ctx.logger.warn({ err }, 'health check: database unreachable');
      return false;
    });
    // A load balancer takes the instance out of rotation on the 503; Retry-After says when to look again.
    return ok ? c.json({ status: 'ok', database: ctx.dialect }) : unavailableResponse(c, 'The database is unreachable.');
  });
  return app;
}
