import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { errorResponse } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sends from another site. Browsers send
 * Origin on every cross-origin POST/PUT/PATCH/DELETE; without one we fall back to
 * Sec-Fetch-Site. Non-browser clients (no Origin, no Sec-Fetch-Site) pass, since cookies
 * are SameSite=Lax and such a client holds its own credentials.
 */
export function refuseForeignOrigins(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const foreign = origin ? !allowed.has(origin) : fetchSite === 'cross-site';
    if (foreign) return errorResponse(c, 403, 'forbidden', 'Requests from other sites are not allowed.');
    return next();
  };
}

export function securityHeaders(https: boolean): MiddlewareHandler {
  return secureHeaders({
    strictTransportSecurity: https ? 'max-age=15552000; includeSubDomains' : false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix and React position popovers with inline styles.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
  });
}

/** The headers a middleware adds to an answer that has none of its own, found by running it once. */
export async function headersAddedBy(middleware: MiddlewareHandler): Promise<Record<string, string>> {
  const probe = new Hono().use(middleware).get('/', (c) => c.body(null));
  const res = await probe.request('/');
  return Object.fromEntries(res.headers);
}
