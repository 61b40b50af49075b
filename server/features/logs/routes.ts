import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { LOGS_BASE, logContracts } from '@common/logs/contract';
import { GUEST_LOG_TYPE } from '@common/logs/guest-events';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { errorResponse, unauthenticated } from '../../http/errors';
import { takePlace } from '../../http/rate-limit';
import { logUserOf, recordActivity, recordSystemEvent } from '../../shared/audit-log';

const LOG_BODY_LIMIT = 16 * 1024;

export const GUEST_EVENT_REFUSED = 'Please sign in to record this event. Signed-out visitors can only report errors.';

/**
 * POST /api/logs (common/logs/contract.ts): events the browser records. The user comes from
 * the session (never the body); errors go to systemLogs, everything else to activityLogs.
 * Details are redacted. A signed-out visitor may only report a crash (error_boundary), under
 * a tight limit per address; a signed-in user's events count per user (LIMITS in http/limits.ts).
 */
export function logRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, LOGS_BASE);
  const sizeLimit = bodyLimit({ maxSize: LOG_BODY_LIMIT, onError: (c) => errorResponse(c, 413, 'payload_too_large', 'The event is too large.') });

  routes.open(logContracts.record, [sizeLimit], async ({ body: event }, c) => {
    const user = c.var.user;
    if (!user && event.type !== GUEST_LOG_TYPE) throw unauthenticated(GUEST_EVENT_REFUSED);
    await takePlace(ctx, c, user ? 'logs' : 'guestErrorLogs');
    const entry = {
      ...event,
      user: user ? logUserOf(user) : null,
      source: 'web',
      ip: c.var.clientIp,
      userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null,
    };
    if (event.level === 'error') await recordSystemEvent(ctx.db, ctx.logger, entry);
    else await recordActivity(ctx.db, ctx.logger, entry);
  });
  return app;
}
