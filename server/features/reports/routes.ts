import { Hono } from 'hono';
import { reportCreateSchema } from '@common/moderation';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { rateLimit } from '../../http/rate-limit';
import { readJson } from '../../http/validate';
import { createReport } from './service';

/** /api/reports: a signed-in reader reports a story, comment, profile or message. */
export function reportRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  // The place is taken before the body is read: a refused or malformed report counts too, so nobody probes for free.
  app.post('/', requireUser, rateLimit(ctx, 'reports'), async (c) => {
    const input = await readJson(c, reportCreateSchema);
    return c.json(await createReport(ctx, c.var.viewer, input), 201);
  });

  return app;
}
