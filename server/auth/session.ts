import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, ServerContext, SignedInEnv } from '../context';
import { ensureUserRecord } from '../shared/users';
import { assertSignedIn, viewerOf, type Viewer } from '../policy/viewer';

/**
 * Reads the session cookie through better-auth and puts the users record on the context.
 * better-auth may refresh the cookie; its Set-Cookie headers are passed on.
 */
export function loadSession(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', null);
    c.set('viewer', null);
    c.set('sessionId', null);
    const { headers, response } = await ctx.auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
    if (response) {
      const user = await ensureUserRecord(
        ctx.db,
        { uid: response.user.id, email: response.user.email, displayName: response.user.name, emailVerified: response.user.emailVerified },
        ctx.config.adminEmail,
      );
      c.set('user', user);
      c.set('viewer', viewerOf(user));
      c.set('sessionId', response.session.id);
    }
    await next();
    // A route that signed the person in afresh (password reset) has set its own cookie: keep it.
    const setByRoute = new Set(c.res.headers.getSetCookie().map(cookieName));
    for (const cookie of headers.getSetCookie()) {
      if (!setByRoute.has(cookieName(cookie))) c.res.headers.append('set-cookie', cookie);
    }
  };
}

const cookieName = (cookie: string) => cookie.slice(0, cookie.indexOf('='));

/**
 * 401 for a guest. Typed for what follows it: on `app.get(path, requireUser, handler)` the
 * handler's `c.var.user` and `c.var.viewer` are non-null.
 */
export const requireUser: MiddlewareHandler<SignedInEnv> = async (c, next) => {
  const viewer: Viewer = c.var.viewer;
  assertSignedIn(viewer);
  await next();
};

/**
 * A router whose every route needs a session; its handlers see a non-null user. Its guard
 * covers the whole prefix it is mounted on, so mount it only where no guest route shares
 * the prefix (a mixed router puts `requireUser` on each signed-in route instead).
 */
export function signedInRoutes(): Hono<SignedInEnv> {
  const app = new Hono<SignedInEnv>();
  app.use('*', requireUser);
  return app;
}
