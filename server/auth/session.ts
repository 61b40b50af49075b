import type { MiddlewareHandler } from 'hono';
import type { AppEnv, ServerContext } from '../context';
import { forbidden, unauthenticated } from '../http/errors';
import { ensureUserRecord } from '../features/me/queries';

/**
 * Reads the session cookie through better-auth and puts the users record on the context.
 * better-auth may refresh the cookie; its Set-Cookie headers are passed on.
 */
export function loadSession(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', null);
    c.set('sessionId', null);
    const { headers, response } = await ctx.auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
    if (response) {
      const user = await ensureUserRecord(
        ctx.db,
        { uid: response.user.id, email: response.user.email, displayName: response.user.name, emailVerified: response.user.emailVerified },
        ctx.config.adminEmail,
      );
      c.set('user', user);
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

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw unauthenticated();
  await next();
};

/** Admin is a flag on the users record, set for ADMIN_EMAIL once that address is verified. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw unauthenticated();
  if (!c.var.user.admin) throw forbidden('Admins only.');
  await next();
};
