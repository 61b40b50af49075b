import { Hono } from 'hono';
import { bulkResolveSchema, caseActionSchema, caseListQuerySchema, caseVersionSchema, reopenCaseSchema, REPORT_TEXTS, resolveCaseSchema } from '@common/moderation';
import type { AppEnv, ServerContext } from '../../context';
import { guard } from '../../http/guards';
import { idParam } from '../../http/params';
import { rateLimit } from '../../http/rate-limit';
import { readJson, readQuery } from '../../http/validate';
import { authorizeModeration } from '../../policy/moderation';
import { actOnCase, assignCase, bulkResolve, readCaseDetail, reopenCase, resolveCase } from './cases';
import { listCases, openReportCounts } from './queries';

/** /api/admin/reports: the moderation queue (contract in common/moderation.ts). */
export function moderationRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const writes = rateLimit(ctx, 'adminWrites');

  app.get('/', guard(authorizeModeration, 'viewQueue'), async (c) => {
    const { status, cursor } = readQuery(c, caseListQuerySchema);
    return c.json(await listCases(ctx.db, status, cursor));
  });

  // Before '/:id…' so "counts" and "resolve" are never read as case ids.
  app.get('/counts', guard(authorizeModeration, 'viewQueue'), async (c) => c.json(await openReportCounts(ctx.db)));

  app.post('/resolve', guard(authorizeModeration, 'actOnCase'), writes, async (c) => {
    const input = await readJson(c, bulkResolveSchema);
    return c.json(await bulkResolve(ctx, c.var.user, input));
  });

  app.get('/:id', guard(authorizeModeration, 'viewQueue'), async (c) => c.json(await readCaseDetail(ctx.db, idParam(c, 'id', REPORT_TEXTS.caseNotFound))));

  app.post('/:id/assign', guard(authorizeModeration, 'actOnCase'), writes, async (c) => {
    const id = idParam(c, 'id', REPORT_TEXTS.caseNotFound);
    const { version } = await readJson(c, caseVersionSchema);
    return c.json(await assignCase(ctx, c.var.user, id, version));
  });

  app.post('/:id/actions', guard(authorizeModeration, 'actOnCase'), writes, async (c) => {
    const id = idParam(c, 'id', REPORT_TEXTS.caseNotFound);
    const input = await readJson(c, caseActionSchema);
    return c.json(await actOnCase(ctx, c.var.user, id, input));
  });

  app.post('/:id/resolve', guard(authorizeModeration, 'actOnCase'), writes, async (c) => {
    const id = idParam(c, 'id', REPORT_TEXTS.caseNotFound);
    const input = await readJson(c, resolveCaseSchema);
    return c.json(await resolveCase(ctx, c.var.user, id, input));
  });

  app.post('/:id/reopen', guard(authorizeModeration, 'actOnCase'), writes, async (c) => {
    const id = idParam(c, 'id', REPORT_TEXTS.caseNotFound);
    const input = await readJson(c, reopenCaseSchema);
    return c.json(await reopenCase(ctx, c.var.user, id, input));
  });

  return app;
}
