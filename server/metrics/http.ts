import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Metrics } from './metrics';

/** Methods kept as they are; anything else is counted as OTHER, so the label stays bounded. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The route label of a request no route of the app matched (the API's 404, a static file that is not there). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route label: the pattern Hono matched for the handler that answered (`/api/stories/:id`),
 * never the raw path, so there are as many labels as routes in the code. A 404 answered by a
 * catch-all (`/api/*`, `*`) is UNMATCHED_ROUTE.
 */
export function routeLabel(c: Context): string {
  const pattern = routePath(c);
  if (!pattern) return UNMATCHED_ROUTE;
  return c.res.status === 404 && pattern.endsWith('*') ? UNMATCHED_ROUTE : pattern;
}

/** Counts and times every request (mounted first, only while metrics are on). */
export function httpMetrics(metrics: Metrics): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    metrics.httpInFlight.inc();
    try {
      await next();
    } finally {
      metrics.httpInFlight.dec();
    }
    countRequest(metrics, c.req.method, routeLabel(c), c.res.status, start);
  };
}

/** One answered request, counted and timed from `startedAt` (performance.now()); also for answers given ahead of the app. */
export function countRequest(metrics: Metrics, method: string, route: string, status: number, startedAt: number): void {
  const labels = { method: METHODS.has(method) ? method : 'OTHER', route, status: String(status) };
  metrics.httpRequests.inc(labels);
  metrics.httpDuration.observe(labels, (performance.now() - startedAt) / 1000);
}
