import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';

export function healthRoutes(ctx: ServerContext, ping: () => Promise<boolean>) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const ok = await ping().catch((err: unknown) => {
      ctx.logger.warn({ err }, 'health check: database unreachable');
      return false;
    });
    return ok
      ? c.json({ status: 'ok', database: ctx.dialect })
      : c.json({ error: { code: 'unavailable', message: 'The database is unreachable.' } }, 503);
  });
  return app;
}
