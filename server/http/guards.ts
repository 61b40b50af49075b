import type { MiddlewareHandler } from 'hono';
import type { AppEnv, SignedInEnv } from '../context';
import type { Viewer } from '../policy/viewer';

/**
 * A policy's authorize function (policy/admin.ts, moderation.ts, feature-requests.ts,
 * greetings.ts…) as route middleware, ahead of the rate limit, the body and the path's ids:
 * the refusal is the policy's own (401 a guest, 403 'Admins only.' anyone else it refuses),
 * so nothing is counted or read for someone who may not be there. Per route rather than
 * `use('*')` where other routers share the mount (everything under /api/admin):
 *
 *   app.get('/', guard(authorizeModeration, 'viewQueue'), handler)
 *
 * Every such policy refuses a guest, so the handlers after it see a signed-in request
 * (SignedInEnv: `c.var.user` without `!`); the guard itself reads the viewer as it came.
 */
export function guard<A extends string>(authorize: (viewer: Viewer, action: A) => void, action: A): MiddlewareHandler<SignedInEnv> {
  return async (c, next) => {
    const viewer: Viewer = c.var.viewer;
    authorize(viewer, action);
    await next();
  };
}

/**
 * The same refusal in a contract route's `before` (http/contract-routes.ts), typed as any
 * route middleware there is: it still comes ahead of the rate limit, the path's ids and the body.
 */
export function contractGuard<A extends string>(authorize: (viewer: Viewer, action: A) => void, action: A): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    authorize(c.var.viewer, action);
    await next();
  };
}
