import { Hono } from 'hono';
import {
  FEATURE_REQUEST_NOT_FOUND,
  featureRequestFilterQuerySchema,
  featureRequestInputSchema,
  featureRequestStatusUpdateSchema,
  featureResponseInputSchema,
} from '@common/feature-request';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { guard } from '../../http/guards';
import { idParam } from '../../http/params';
import { rateLimit } from '../../http/rate-limit';
import { readJson, readQuery } from '../../http/validate';
import { authorizeFeatureRequests } from '../../policy/feature-requests';
import { changeStatus, deleteFeatureRequest } from './admin';
import { listAdminFeatureRequests, listMyFeatureRequests } from './queries';
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

/** /api/admin/feature-requests: the admin list, status, responses, read marks, deletion. */
export function adminFeatureRequestRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const writes = rateLimit(ctx, 'adminWrites');

  app.get('/', guard(authorizeFeatureRequests, 'list'), async (c) => {
    const { status, cursor } = readQuery(c, featureRequestFilterQuerySchema);
    return c.json(await listAdminFeatureRequests(ctx.db, status, cursor));
  });

  app.patch('/:id/status', guard(authorizeFeatureRequests, 'changeStatus'), writes, async (c) => {
    const id = idParam(c, 'id', FEATURE_REQUEST_NOT_FOUND, 'dashed');
    const { status } = await readJson(c, featureRequestStatusUpdateSchema);
    return c.json({ featureRequest: await changeStatus(ctx, c.var.user, id, status) });
  });

  app.post('/:id/responses', guard(authorizeFeatureRequests, 'respond'), writes, async (c) => {
    const id = idParam(c, 'id', FEATURE_REQUEST_NOT_FOUND, 'dashed');
    const { text } = await readJson(c, featureResponseInputSchema);
    return c.json({ featureRequest: await respondToFeatureRequest(ctx, c.var.user, id, text) }, 201);
  });

  app.post('/:id/read', guard(authorizeFeatureRequests, 'markRead'), writes, async (c) => {
    return c.json({ featureRequest: await markRequestRead(ctx, c.var.user, idParam(c, 'id', FEATURE_REQUEST_NOT_FOUND, 'dashed')) });
  });

  app.delete('/:id', guard(authorizeFeatureRequests, 'delete'), writes, async (c) => {
    await deleteFeatureRequest(ctx, c.var.user, idParam(c, 'id', FEATURE_REQUEST_NOT_FOUND, 'dashed'));
    return c.json({ deleted: true as const });
  });

  return app;
}
