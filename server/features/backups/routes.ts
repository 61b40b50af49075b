import { Hono } from 'hono';
import { BACKUPS_BASE, backupContracts } from '@common/backups/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { contractGuard } from '../../http/guards';
import { authorizeAdmin } from '../../policy/admin';
import { readBackupStatus } from '../../ops/backup/schedule';

/** /api/admin/backups (common/backups/contract.ts): the scheduled backups' state, on the admin dashboard (admins only: 401 guests, 403 others). */
export function backupRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, BACKUPS_BASE);
  routes.signedIn(backupContracts.status, [contractGuard(authorizeAdmin, 'viewDashboard')], async () => readBackupStatus(ctx));
  return app;
}
