import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  FEATURE_REQUEST_NOT_FOUND,
  featureRequestFilterQuerySchema,
  featureRequestInputSchema,
  featureRequestStatusUpdateSchema,
  featureResponseInputSchema,
} from '@common/feature-request';
import type { AppEnv, ServerContext, SignedInEnv } from '../../context';
import { requireUser } from '../../auth/session';
import { notFound } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { readJson, readQuery } from '../../http/validate';
import { authorizeFeatureRequests, type FeatureRequestAdminAction } from '../../policy/feature-requests';
import type { Viewer } from '../../policy/viewer';
import { changeStatus, deleteFeatureRequest } from './admin';
import { FEATURE_REQUEST_ID_PATTERN, listAdminFeatureRequests, listMyFeatureRequests } from './queries';
import { submitFeatureRequest } from './service';
import { markRequestRead, respondToFeatureRequest } from './thread';

/** /api/feature-requests: submit a suggestion; the requester's own ("My suggestions"). */
export function featureRequestRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  app.post('/', requireUser, rateLimit(ctx, 'featureRequests'), async (c) => {
    const { text } = await readJson(c, featureRequestInputSchema);
    const request = await submitFeatureRequest(ctx, c.var.user, text);
    return c.json({ featureRequest: request }, 201);
  });
  app.get('/mine', requireUser, async (c) => c.json({ featureRequests: await listMyFeatureRequests(ctx.db, c.var.viewer.uid) }));
  return app;
}

/**
 * Refuses anyone but an admin (401 guest, 403 others) before the rate limit, the body or the
 * id are looked at. The services check again, with the request locked, and answer 404.
 */
const adminOnly =
  (action: FeatureRequestAdminAction): MiddlewareHandler<SignedInEnv> =>
  async (c, next) => {
    const viewer: Viewer = c.var.viewer;
    authorizeFeatureRequests(viewer, action);
    await next();
  };

/** The path's request id; one that cannot be an id is simply not found. */
function requestIdParam(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!FEATURE_REQUEST_ID_PATTERN.test(id)) throw notFound(FEATURE_REQUEST_NOT_FOUND);
  return id;
}

/** /api/admin/feature-requests: the admin list, status, responses, read marks, deletion. */
export function adminFeatureRequestRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const writes = rateLimit(ctx, 'adminWrites');

  app.get('/', adminOnly('list'), async (c) => {
    const { status, cursor } = readQuery(c, featureRequestFilterQuerySchema);
    return c.json(await listAdminFeatureRequests(ctx.db, status, cursor));
  });

  app.patch('/:id/status', adminOnly('changeStatus'), writes, async (c) => {
    const id = requestIdParam(c);
    const { status } = await readJson(c, featureRequestStatusUpdateSchema);
    return c.json({ featureRequest: await changeStatus(ctx, c.var.user, id, status) });
  });

  app.post('/:id/responses', adminOnly('respond'), writes, async (c) => {
    const id = requestIdParam(c);
    const { text } = await readJson(c, featureResponseInputSchema);
    return c.json({ featureRequest: await respondToFeatureRequest(ctx, c.var.user, id, text) }, 201);
  });

  app.post('/:id/read', adminOnly('markRead'), writes, async (c) => {
    return c.json({ featureRequest: await markRequestRead(ctx, c.var.user, requestIdParam(c)) });
  });

  app.delete('/:id', adminOnly('delete'), writes, async (c) => {
    await deleteFeatureRequest(ctx, c.var.user, requestIdParam(c));
    return c.json({ deleted: true as const });
  });

  return app;
}
