import crypto from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../context';
import { errorResponse } from '../http/errors';

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/**
 * GET /metrics, Prometheus' text format, for the scraper that holds METRICS_TOKEN
 * (`Authorization: Bearer <token>`). To anyone else, and when METRICS_TOKEN is not set, it
 * is a 404 like any path that does not exist. The token is compared in constant time (both
 * sides hashed first, so their lengths match too).
 */
export function metricsRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const token = ctx.config.metricsToken;
  const expected = token === null ? null : digest(token);
  app.get('/', async (c) => {
    const given = /^Bearer +(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!expected || given === undefined || !crypto.timingSafeEqual(digest(given), expected)) {
      return errorResponse(c, 404, 'not_found', 'Not found.');
    }
    const body = await ctx.metrics.registry.metrics();
    return c.body(body, 200, { 'content-type': ctx.metrics.registry.contentType, 'cache-control': 'no-store' });
  });
  return app;
}
