import { Hono, type MiddlewareHandler } from 'hono';
import { AUDIT_EXPORT_MAX, AUDIT_PAGE_SIZE, auditFilterSchema, auditQuerySchema, dashboardQuerySchema, notificationQuerySchema } from '@common/admin';
import type { AppEnv, ServerContext } from '../../context';
import { notFound } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { readQuery } from '../../http/validate';
import { authorizeAdmin, type AdminAction } from '../../policy/admin';
import { countUsers } from '../../shared/users';
import { auditTypes, readAudit } from './audit';
import { auditCsv } from './audit-csv';
import { loadDashboard } from './dashboard';
import { listNotifications, markNotificationsRead, NOTIFICATION_ID_PATTERN, NOTIFICATION_NOT_FOUND } from './notifications';

/**
 * The admin policy as route middleware, ahead of anything that counts or reads: 401 guests,
 * 403 others. Per route, never `use('*')`: other admin routers are mounted under /api/admin too.
 */
const admins = (action: AdminAction): MiddlewareHandler<AppEnv> => async (c, next) => {
  authorizeAdmin(c.var.viewer, action);
  await next();
};

/** /api/admin: the panel's overview and dashboard, the notification bell, the audit log (contract in common/admin.ts). */
export function adminRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.get('/overview', admins('viewOverview'), async (c) => c.json({ users: await countUsers(ctx.db) }));

  app.get('/dashboard', admins('viewDashboard'), async (c) => {
    const { days } = readQuery(c, dashboardQuerySchema);
    return c.json(await loadDashboard(ctx.db, days));
  });

  app.get('/notifications', admins('readNotifications'), async (c) => {
    const { cursor } = readQuery(c, notificationQuerySchema);
    return c.json(await listNotifications(ctx.db, cursor));
  });

  app.post('/notifications/read-all', admins('manageNotifications'), rateLimit(ctx, 'adminWrites'), async (c) =>
    c.json(await markNotificationsRead(ctx, null)),
  );

  app.post('/notifications/:id/read', admins('manageNotifications'), rateLimit(ctx, 'adminWrites'), async (c) => {
    const id = c.req.param('id');
    if (!NOTIFICATION_ID_PATTERN.test(id)) throw notFound(NOTIFICATION_NOT_FOUND);
    return c.json(await markNotificationsRead(ctx, id));
  });

  app.get('/audit', admins('viewAuditLog'), async (c) => {
    const { cursor, ...filter } = readQuery(c, auditQuerySchema);
    return c.json(await readAudit(ctx.db, filter, cursor, AUDIT_PAGE_SIZE));
  });

  app.get('/audit/types', admins('viewAuditLog'), async (c) => c.json({ types: await auditTypes(ctx.db) }));

  app.get('/audit/export', admins('viewAuditLog'), async (c) => {
    const filter = readQuery(c, auditFilterSchema);
    const { entries } = await readAudit(ctx.db, filter, undefined, AUDIT_EXPORT_MAX);
    const day = new Date().toISOString().slice(0, 10);
    return c.body(auditCsv(entries), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="drabble-audit-${day}.csv"`,
    });
  });

  return app;
}
