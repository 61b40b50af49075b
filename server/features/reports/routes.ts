import { Hono } from 'hono';
import { REPORTS_BASE, reportContracts } from '@common/reports/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { createReport, reportedBy } from './service';

/** /api/reports (common/reports/contract.ts): a signed-in reader reports a story, comment, profile or message. */
export function reportRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, REPORTS_BASE);

  // The place is taken before the body is read: a refused or malformed report counts too, so nobody probes for free.
  routes.signedIn(reportContracts.create, [rateLimit(ctx, 'reports')], async ({ body }, c) => createReport(ctx, c.var.viewer, body));

  // What this reader has reported among these things: their Report controls read "Reported".
  routes.signedIn(reportContracts.mine, [], async ({ query }, c) => reportedBy(ctx.db, c.var.viewer, query.targetType, query.ids));

  return app;
}
