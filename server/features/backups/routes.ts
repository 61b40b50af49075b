import { Hono } from 'hono';
import type { BackupStatus } from '@common/backups';
import type { AppEnv, ServerContext } from '../../context';
import { guard } from '../../http/guards';
import { authorizeAdmin } from '../../policy/admin';
import { readBackupStatus } from '../../ops/backup/schedule';

/** /api/admin/backups: the scheduled backups' state, on the admin dashboard (admins only: 401 guests, 403 others). */
export function backupRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  app.get('/', guard(authorizeAdmin, 'viewDashboard'), async (c) => c.json((await readBackupStatus(ctx)) satisfies BackupStatus));
  return app;
}
