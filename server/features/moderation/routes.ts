import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bulkResolveSchema, caseActionSchema, caseListQuerySchema, caseVersionSchema, reopenCaseSchema, REPORT_TEXTS, resolveCaseSchema } from '@common/moderation';
import type { AppEnv, ServerContext, SessionUser } from '../../context';
import { notFound } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { readJson, readQuery } from '../../http/validate';
import { authorizeModeration, type ModerationAction } from '../../policy/moderation';
import { ID_PATTERN } from '../../shared/ids';
import { actOnCase, assignCase, bulkResolve, readCaseDetail, reopenCase, resolveCase } from './cases';
import { listCases, openReportCounts } from './queries';

/**
 * The moderation policy as route middleware, ahead of the rate limit and the body: 401 guests,
 * 403 others. Per route rather than `use('*')`, like every router under /api/admin.
 */
export const moderators = (action: ModerationAction): MiddlewareHandler<AppEnv> => async (c, next) => {
  authorizeModeration(c.var.viewer, action);
  await next();
};

/** The admin the guard let through (c.var.user is set whenever the viewer is). */
export function adminOf(c: Context<AppEnv>): SessionUser {
  const user = c.var.user;
  if (!user) throw new Error('moderation route reached without a session');
  return user;
}

function caseIdParam(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!ID_PATTERN.test(id)) throw notFound(REPORT_TEXTS.caseNotFound);
  return id;
}

/** /api/admin/reports: the moderation queue (contract in common/moderation.ts). */
export function moderationRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const writes = rateLimit(ctx, 'adminWrites');

  app.get('/', moderators('viewQueue'), async (c) => {
    const { status, cursor } = readQuery(c, caseListQuerySchema);
    return c.json(await listCases(ctx.db, status, cursor));
  });

  // Before '/:id…' so "counts" and "resolve" are never read as case ids.
  app.get('/counts', moderators('viewQueue'), async (c) => c.json(await openReportCounts(ctx.db)));

  app.post('/resolve', moderators('actOnCase'), writes, async (c) => {
    const input = await readJson(c, bulkResolveSchema);
    return c.json(await bulkResolve(ctx, adminOf(c), input));
  });

  app.get('/:id', moderators('viewQueue'), async (c) => c.json(await readCaseDetail(ctx.db, caseIdParam(c))));

  app.post('/:id/assign', moderators('actOnCase'), writes, async (c) => {
    const id = caseIdParam(c);
    const { version } = await readJson(c, caseVersionSchema);
    return c.json(await assignCase(ctx, adminOf(c), id, version));
  });

  app.post('/:id/actions', moderators('actOnCase'), writes, async (c) => {
    const id = caseIdParam(c);
    const input = await readJson(c, caseActionSchema);
    return c.json(await actOnCase(ctx, adminOf(c), id, input));
  });

  app.post('/:id/resolve', moderators('actOnCase'), writes, async (c) => {
    const id = caseIdParam(c);
    const input = await readJson(c, resolveCaseSchema);
    return c.json(await resolveCase(ctx, adminOf(c), id, input));
  });

  app.post('/:id/reopen', moderators('actOnCase'), writes, async (c) => {
    const id = caseIdParam(c);
    const input = await readJson(c, reopenCaseSchema);
    return c.json(await reopenCase(ctx, adminOf(c), id, input));
  });

  return app;
}
