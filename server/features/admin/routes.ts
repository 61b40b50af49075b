import { Hono } from 'hono';
import { AUDIT_EXPORT_MAX, AUDIT_PAGE_SIZE, auditFilterSchema } from '@common/admin/admin';
import { ADMIN_BASE, adminContracts } from '@common/admin/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { contractGuard, guard } from '../../http/guards';
import { rateLimit } from '../../http/rate-limit';
import { readQuery } from '../../http/validate';
import { authorizeAdmin } from '../../policy/admin';
import { countUsers } from '../../shared/users';
import { countWaitingForApproval } from '../../shared/user-status';
import { auditTypes, readAudit } from './audit';
import { auditCsv } from './audit-csv';
import { loadDashboard } from './dashboard';
import { listNotifications, markNotificationsRead } from './notifications';

/**
 * /api/admin (common/admin/contract.ts): the panel's overview and dashboard, the notification
 * bell, the audit log. Each route's policy check comes first.
 */
export function adminRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, ADMIN_BASE);
  const manageNotifications = [contractGuard(authorizeAdmin, 'manageNotifications'), rateLimit(ctx, 'adminWrites')];
  const viewAudit = [contractGuard(authorizeAdmin, 'viewAuditLog')];

  routes.signedIn(adminContracts.overview, [contractGuard(authorizeAdmin, 'viewOverview')], async () => {
    const [users, waiting] = await Promise.all([countUsers(ctx.db), countWaitingForApproval(ctx.db)]);
    return { users, waiting };
  });

  routes.signedIn(adminContracts.dashboard, [contractGuard(authorizeAdmin, 'viewDashboard')], async ({ query }) => loadDashboard(ctx.db, query.days));

  routes.signedIn(adminContracts.notifications, [contractGuard(authorizeAdmin, 'readNotifications')], async ({ query }) => listNotifications(ctx.db, query.cursor));
  routes.signedIn(adminContracts.readAllNotifications, manageNotifications, async () => markNotificationsRead(ctx, null));
  routes.signedIn(adminContracts.readNotification, manageNotifications, async ({ params }) => markNotificationsRead(ctx, params.id));

  routes.signedIn(adminContracts.audit, viewAudit, async ({ query }) => {
    const { cursor, ...filter } = query;
    return readAudit(ctx.db, filter, cursor, AUDIT_PAGE_SIZE);
  });
  routes.signedIn(adminContracts.auditTypes, viewAudit, async () => ({ types: await auditTypes(ctx.db) }));

  // A CSV file, not JSON: a plain route the Export link downloads.
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
