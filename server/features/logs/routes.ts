import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { clientLogSchema } from '@common/client-log';
import type { AppEnv, ServerContext } from '../../context';
import { errorResponse, tooManyRequests } from '../../http/errors';
import { readJson } from '../../http/validate';
import { logUserOf, recordActivity, recordSystemEvent } from './record';

const LOG_BODY_LIMIT = 16 * 1024;
const WINDOW_MS = 60_000;
const MAX_PER_WINDOW = 120;

/**
 * POST /api/logs: events the browser records. The user comes from the session (never the
 * body); errors go to systemLogs, everything else to activityLogs. Details are redacted.
 */
export function logRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  app.post(
    '/',
    bodyLimit({ maxSize: LOG_BODY_LIMIT, onError: (c) => errorResponse(c, 413, 'payload_too_large', 'The event is too large.') }),
    async (c) => {
      const user = c.var.user;
      const key = `logs:${user ? `user:${user.uid}` : `ip:${c.var.clientIp}`}`;
      if ((await ctx.rateLimiter.hit(key, WINDOW_MS)) > MAX_PER_WINDOW) throw tooManyRequests('Too many events. Please slow down.');
      const event = await readJson(c, clientLogSchema);
      const entry = {
        ...event,
        user: user ? logUserOf(user) : null,
        source: 'web',
        ip: c.var.clientIp,
        userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null,
      };
      if (event.level === 'error') await recordSystemEvent(ctx.db, ctx.logger, entry);
      else await recordActivity(ctx.db, ctx.logger, entry);
      return c.body(null, 204);
    },
  );
  return app;
}
