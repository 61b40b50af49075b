import { Hono } from 'hono';
import { MODERATION_BASE, moderationContracts } from '@common/moderation/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { contractGuard } from '../../http/guards';
import { rateLimit } from '../../http/rate-limit';
import { authorizeModeration } from '../../policy/moderation';
import { actOnCase, assignCase, bulkResolve, readCaseDetail, reopenCase, resolveCase } from './cases';
import { listCases, openReportCounts } from './queries';

/** /api/admin/reports: the moderation queue (common/moderation/contract.ts). Each route's policy check comes first. */
export function moderationRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, MODERATION_BASE);
  const view = [contractGuard(authorizeModeration, 'viewQueue')];
  const act = [contractGuard(authorizeModeration, 'actOnCase'), rateLimit(ctx, 'adminWrites')];

  routes.signedIn(moderationContracts.list, view, async ({ query }) => listCases(ctx.db, query.status, query.cursor));

  // Before '/:id…' so "counts" and "resolve" are never read as case ids.
  routes.signedIn(moderationContracts.counts, view, async () => openReportCounts(ctx.db));
  routes.signedIn(moderationContracts.bulkResolve, act, async ({ body }, c) => bulkResolve(ctx, c.var.user, body));

  routes.signedIn(moderationContracts.detail, view, async ({ params }) => readCaseDetail(ctx.db, params.id));
  routes.signedIn(moderationContracts.assign, act, async ({ params, body }, c) => assignCase(ctx, c.var.user, params.id, body.version));
  routes.signedIn(moderationContracts.act, act, async ({ params, body }, c) => actOnCase(ctx, c.var.user, params.id, body));
  routes.signedIn(moderationContracts.resolve, act, async ({ params, body }, c) => resolveCase(ctx, c.var.user, params.id, body));
  routes.signedIn(moderationContracts.reopen, act, async ({ params, body }, c) => reopenCase(ctx, c.var.user, params.id, body));

  return app;
}
