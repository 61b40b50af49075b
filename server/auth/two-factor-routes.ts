import { Hono, type MiddlewareHandler } from 'hono';
import { TWO_FACTOR_TEXTS } from '@common/account/two-factor';
import { TWO_FACTOR_BASE, twoFactorContracts } from '@common/account/two-factor-contract';
import type { AppEnv, ServerContext } from '../context';
import { contractRoutes } from '../http/contract-routes';
import { AppError } from '../http/errors';
import { twoFactorOn } from './sign-in-notice';

/** GET /api/account/two-factor (common/account/two-factor-contract.ts): whether it is on, whether this person must turn it on, and whether there is a password to confirm with. */
export function twoFactorRoutes(ctx: ServerContext) {
  // Mounted on /api/account beside routes guests use: the guard is on the route, not the prefix.
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, TWO_FACTOR_BASE);
  routes.signedIn(twoFactorContracts.status, [], async (_request, c) => {
    const { uid, admin } = c.var.user;
    const [enabled, password] = await Promise.all([
      twoFactorOn(ctx, uid),
      ctx.db.selectFrom('authAccounts').select('id').where('userId', '=', uid).where('providerId', '=', 'credential').where('password', 'is not', null).executeTakeFirst(),
    ]);
    return { enabled, required: ctx.config.requireAdmin2fa && admin, hasPassword: password !== undefined, passed: c.var.secondFactor };
  });
  return app;
}

/**
 * REQUIRE_ADMIN_2FA=true: an admin whose session did not pass the second factor gets 403
 * `two_factor_required` from every admin API: with the message to turn it on when the account
 * has it off (the web shows the setup instead of the admin screen), or to sign in again with
 * the code when it is on. Everyone else goes on to the admin policy's own answer. The same
 * session holds no admin power elsewhere either (auth/session.ts: the viewer is no admin).
 */
export function requireAdminTwoFactor(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (ctx.config.requireAdmin2fa && user?.admin && !c.var.secondFactor) {
      const message = (await twoFactorOn(ctx, user.uid)) ? TWO_FACTOR_TEXTS.adminSignInAgain : TWO_FACTOR_TEXTS.adminRequired;
      throw new AppError(403, 'two_factor_required', message);
    }
    await next();
  };
}
