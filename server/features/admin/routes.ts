import { Hono } from 'hono';
import { AUDIT_EXPORT_MAX, type AdminOverview, AUDIT_PAGE_SIZE, auditFilterSchema, auditQuerySchema, dashboardQuerySchema, notificationQuerySchema } from '@common/admin';
import type { AppEnv, ServerContext } from '../../context';
import { guard } from '../../http/guards';
import { idParam } from '../../http/params';
import { rateLimit } from '../../http/rate-limit';
import { readQuery } from '../../http/validate';
import { authorizeAdmin } from '../../policy/admin';
import { countUsers } from '../../shared/users';
import { countWaitingForApproval } from '../../shared/user-status';
import { auditTypes, readAudit } from './audit';
import { auditCsv } from './audit-csv';
import { loadDashboard } from './dashboard';
import { listNotifications, markNotificationsRead, NOTIFICATION_NOT_FOUND } from './notifications';

/** /api/admin: the panel's overview and dashboard, the notification bell, the audit log (contract in common/admin.ts). */
export function adminRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.get('/overview', guard(authorizeAdmin, 'viewOverview'), async (c) => {
    const [users, waiting] = await Promise.all([countUsers(ctx.db), countWaitingForApproval(ctx.db)]);
    return c.json({ users, waiting } satisfies AdminOverview);
  });

  app.get('/dashboard', guard(authorizeAdmin, 'viewDashboard'), async (c) => {
    const { days } = readQuery(c, dashboardQuerySchema);
    return c.json(await loadDashboard(ctx.db, days));
  });

  app.get('/notifications', guard(authorizeAdmin, 'readNotifications'), async (c) => {
    const { cursor } = readQuery(c, notificationQuerySchema);
    return c.json(await listNotifications(ctx.db, cursor));
  });

  app.post('/notifications/read-all', guard(authorizeAdmin, 'manageNotifications'), rateLimit(ctx, 'adminWrites'), async (c) =>
    c.json(await markNotificationsRead(ctx, null)),
  );

  app.post('/notifications/:id/read', guard(authorizeAdmin, 'manageNotifications'), rateLimit(ctx, 'adminWrites'), async (c) => {
    return c.json(await markNotificationsRead(ctx, idParam(c, 'id', NOTIFICATION_NOT_FOUND, 'dashed')));
  });

  app.get('/audit', guard(authorizeAdmin, 'viewAuditLog'), async (c) => {
    const { cursor, ...filter } = readQuery(c, auditQuerySchema);
    return c.json(await readAudit(ctx.db, filter, cursor, AUDIT_PAGE_SIZE));
  });

  app.get('/audit/types', guard(authorizeAdmin, 'viewAuditLog'), async (c) => c.json({ types: await auditTypes(ctx.db) }));

  app.get('/audit/export', guard(authorizeAdmin, 'viewAuditLog'), async (c) => {
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
