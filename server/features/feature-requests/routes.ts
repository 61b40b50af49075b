import { Hono } from 'hono';
import { ADMIN_FEATURE_REQUESTS_BASE, FEATURE_REQUESTS_BASE, adminFeatureRequestContracts, featureRequestContracts } from '@common/feature-requests/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { contractGuard } from '../../http/guards';
import { rateLimit } from '../../http/rate-limit';
import { authorizeFeatureRequests } from './policy';
import { changeStatus, deleteFeatureRequest } from './admin';
import { listAdminFeatureRequests, listMyFeatureRequests } from './queries';
import { submitFeatureRequest } from './service';
import { markRequestRead, respondToFeatureRequest } from './thread';

/** /api/feature-requests (common/feature-requests/contract.ts): submit a suggestion; the requester's own ("My suggestions"). */
export function featureRequestRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, FEATURE_REQUESTS_BASE);
  routes.signedIn(featureRequestContracts.submit, [rateLimit(ctx, 'featureRequests')], async ({ body }, c) => ({
    featureRequest: await submitFeatureRequest(ctx, c.var.user, body.text),
  }));
  routes.signedIn(featureRequestContracts.mine, [], async (_request, c) => ({ featureRequests: await listMyFeatureRequests(ctx.db, c.var.viewer.uid) }));
  return app;
}

/**
 * /api/admin/feature-requests (common/feature-requests/contract.ts): the admin list, status,
 * responses, read marks, deletion. Each route's guard comes before the rate limit, the path's
 * id and the body.
 */
export function adminFeatureRequestRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, ADMIN_FEATURE_REQUESTS_BASE);
  const writes = rateLimit(ctx, 'adminWrites');

  routes.signedIn(adminFeatureRequestContracts.list, [contractGuard(authorizeFeatureRequests, 'list')], async ({ query }) =>
    listAdminFeatureRequests(ctx.db, query.status, query.cursor),
  );
  routes.signedIn(adminFeatureRequestContracts.setStatus, [contractGuard(authorizeFeatureRequests, 'changeStatus'), writes], async ({ params, body }, c) => ({
    featureRequest: await changeStatus(ctx, c.var.user, params.id, body.status),
  }));
  routes.signedIn(adminFeatureRequestContracts.respond, [contractGuard(authorizeFeatureRequests, 'respond'), writes], async ({ params, body }, c) => ({
    featureRequest: await respondToFeatureRequest(ctx, c.var.user, params.id, body.text),
  }));
  routes.signedIn(adminFeatureRequestContracts.markRead, [contractGuard(authorizeFeatureRequests, 'markRead'), writes], async ({ params }, c) => ({
    featureRequest: await markRequestRead(ctx, c.var.user, params.id),
  }));
  routes.signedIn(adminFeatureRequestContracts.remove, [contractGuard(authorizeFeatureRequests, 'delete'), writes], async ({ params }, c) => {
    await deleteFeatureRequest(ctx, c.var.user, params.id);
    return { deleted: true as const };
  });

  return app;
}
