import { backupStatusSchema } from './backups';
import { defineRoute } from '../contracts/define';

/** Where the backups router is mounted (server/app.ts). */
export const BACKUPS_BASE = '/api/admin/backups';

/** The scheduled backups' state on the admin dashboard: 401 guests, 403 anyone but admins. */
export const backupContracts = {
  status: defineRoute({ access: 'admin', method: 'GET', path: '/api/admin/backups', response: backupStatusSchema }),
};
