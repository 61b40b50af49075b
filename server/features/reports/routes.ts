import { Hono } from 'hono';
import { reportCreateSchema } from '@common/moderation';
import { reportedQuerySchema } from '@common/report-state';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { rateLimit } from '../../http/rate-limit';
import { readJson, readQuery } from '../../http/validate';
import { createReport, reportedBy } from './service';

/** /api/reports: a signed-in reader reports a story, comment, profile or message. */
export function reportRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  // The place is taken before the body is read: a refused or malformed report counts too, so nobody probes for free.
  app.post('/', requireUser, rateLimit(ctx, 'reports'), async (c) => {
    const input = await readJson(c, reportCreateSchema);
    return c.json(await createReport(ctx, c.var.viewer, input), 201);
  });

  // What this reader has reported among these things: their Report controls read "Reported".
  app.get('/mine', requireUser, async (c) => {
    const { targetType, ids } = readQuery(c, reportedQuerySchema);
    return c.json(await reportedBy(ctx.db, c.var.viewer, targetType, ids));
  });

  return app;
}
