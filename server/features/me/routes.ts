import { Hono } from 'hono';
import { ME_BASE, meContracts } from '@common/me/contract';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { contractRoutes } from '../../http/contract-routes';
import { withFavorites } from '../../shared/users';
import { changePreferences, changeReadingPreferences, markTutorialSeen } from './service';

/** /api/me: the signed-in person's own record (common/me/contract.ts). */
export function meRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  // Every path under the prefix needs a session, a route's or not, other routers' included
  // (a guest gets 401, never 404).
  app.use('*', requireUser);
  const routes = contractRoutes(app, ME_BASE);

  // The one read that shows favourites: the session only carries the users row. The live
  // position is taken first, so nothing the answer could miss comes before it.
  routes.signedIn(meContracts.read, [], async (_request, c) => {
    const liveFrom = String(ctx.bus.dispatchedUpTo);
    return { user: await withFavorites(ctx.db, c.var.user), liveFrom };
  });

  routes.signedIn(meContracts.preferences, [], async ({ body }, c) => ({ user: await changePreferences(ctx, c.var.user.uid, body) }));

  // Content warnings the reader hides and "always show the text": their own record only.
  routes.signedIn(meContracts.readingPreferences, [], async ({ body }, c) => ({ user: await changeReadingPreferences(ctx, c.var.user.uid, body) }));

  routes.signedIn(meContracts.tutorialSeen, [], async (_request, c) => ({ user: await markTutorialSeen(ctx, c.var.user.uid) }));

  return app;
}
