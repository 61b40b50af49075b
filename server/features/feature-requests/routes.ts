import { Hono } from 'hono';
import { featureRequestInputSchema } from '@common/feature-request';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { tooManyRequests } from '../../http/errors';
import { readJson } from '../../http/validate';
import { submitFeatureRequest } from './service';

const WINDOW_MS = 60 * 60 * 1000;
const MAX_PER_HOUR = 20;

export function featureRequestRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  app.post('/', requireUser, async (c) => {
    const user = c.var.user!;
    const { text } = await readJson(c, featureRequestInputSchema);
    if ((await ctx.rateLimiter.hit(`feature-requests:${user.uid}`, WINDOW_MS)) > MAX_PER_HOUR) {
      throw tooManyRequests('You have sent many suggestions this hour. Please try again later.');
    }
    const request = await submitFeatureRequest(ctx, user, text);
    return c.json({ featureRequest: request }, 201);
  });
  return app;
}
