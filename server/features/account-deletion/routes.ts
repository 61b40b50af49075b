import { Hono } from 'hono';
import { ACCOUNT_DELETION_BASE, accountDeletionContracts } from '@common/account-deletion/contract';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { actorOf } from '../../shared/actor';
import { cancelDeletion, deletionState, requestDeletion } from './service';

/**
 * /api/account/deletion (common/account-deletion/contract.ts): the person's own account only.
 * A deactivated account's session may use it (it is how they cancel); the request ends every
 * session, this one included.
 */
export function accountDeletionRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  // Every path under the prefix needs a session, a route's or not (a guest gets 401, never 404).
  app.use('*', requireUser);
  const routes = contractRoutes(app, ACCOUNT_DELETION_BASE);
  const limited = [rateLimit(ctx, 'accountDeletion')];

  routes.signedIn(accountDeletionContracts.state, [], async (_request, c) => ({ deletion: await deletionState(ctx, c.var.user.uid) }));
  routes.signedIn(accountDeletionContracts.request, limited, async ({ body }, c) => ({ deletion: await requestDeletion(ctx, actorOf(c), body.email) }));
  routes.signedIn(accountDeletionContracts.cancel, limited, async (_request, c) => ({ user: await cancelDeletion(ctx, actorOf(c)) }));

  return app;
}
