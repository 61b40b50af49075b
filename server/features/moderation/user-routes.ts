import { Hono } from 'hono';
import { ADMIN_USERS_BASE, adminUserContracts } from '@common/moderation/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { contractGuard } from '../../http/guards';
import { rateLimit } from '../../http/rate-limit';
import { authorizeModeration } from '../../policy/moderation';
import { actOnAccount } from './account-actions';
import { listUsers, readUserDetail } from './users';

/** /api/admin/users: the accounts list, one person's page, and the account actions (common/moderation/contract.ts). */
export function adminUserRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, ADMIN_USERS_BASE);
  const view = [contractGuard(authorizeModeration, 'viewUsers')];

  routes.signedIn(adminUserContracts.list, view, async ({ query }) => listUsers(ctx, query));

  routes.signedIn(adminUserContracts.detail, view, async ({ params }, c) => {
    const viewer = c.var.viewer;
    authorizeModeration(viewer, 'viewUsers');
    return readUserDetail(ctx, viewer, params.uid);
  });

  routes.signedIn(adminUserContracts.act, [contractGuard(authorizeModeration, 'actOnUser'), rateLimit(ctx, 'adminWrites')], async ({ params, body }, c) =>
    actOnAccount(ctx, c.var.user, params.uid, body),
  );

  return app;
}
