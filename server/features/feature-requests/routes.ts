import { Hono } from 'hono';
import { featureRequestInputSchema } from '@common/feature-request';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { rateLimit } from '../../http/rate-limit';
import { readJson } from '../../http/validate';
import { submitFeatureRequest } from './service';

export function featureRequestRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  app.post('/', requireUser, rateLimit(ctx, 'featureRequests'), async (c) => {
    const { text } = await readJson(c, featureRequestInputSchema);
    const request = await submitFeatureRequest(ctx, c.var.user, text);
    return c.json({ featureRequest: request }, 201);
  });
  return app;
}
