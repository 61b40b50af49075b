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
        { uid: response.user.id, email: response.user.email, displayName: response.user.name },
        ctx.config.adminEmail,
      );
      c.set('user', user);
      c.set('sessionId', response.session.id);
    }
    await next();
    for (const cookie of headers.getSetCookie()) c.res.headers.append('set-cookie', cookie);
  };
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw unauthenticated();
  await next();
};

/** Admin is a flag on the users record, set at creation for ADMIN_EMAIL only. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw unauthenticated();
  if (!c.var.user.admin) throw forbidden('Admins only.');
  await next();
};
