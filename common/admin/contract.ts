import { z } from 'zod';
import {
  NOTIFICATION_NOT_FOUND,
  adminOverviewSchema,
  auditPageSchema,
  auditQuerySchema,
  auditTypesSchema,
  dashboardQuerySchema,
  dashboardSchema,
  notificationPageSchema,
  notificationQuerySchema,
  unreadCountSchema,
} from './admin';
import { defineRoute } from '../contracts/define';
import { dashedId } from '../contracts/params';

/** Where the admin panel's router is mounted (server/app.ts). */
export const ADMIN_BASE = '/api/admin';

/**
 * /api/admin: the panel's overview and dashboard, the notification bell, the audit log. Every
 * route answers 401 to guests and 403 to signed-in people who are not admins. GET
 * /api/admin/audit/export, a CSV file, is a plain link and has no contract.
 */
export const adminContracts = {
  /** Accounts in all (deleted ones left out), and those waiting for approval. */
  overview: defineRoute({ access: 'admin', method: 'GET', path: '/api/admin/overview', response: adminOverviewSchema }),
  dashboard: defineRoute({ access: 'admin', method: 'GET', path: '/api/admin/dashboard', query: dashboardQuerySchema, response: dashboardSchema }),
  /** Newest first; `unread` counts all of them, not only the page's. */
  notifications: defineRoute({ access: 'admin', method: 'GET', path: '/api/admin/notifications', query: notificationQuerySchema, response: notificationPageSchema }),
  readAllNotifications: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/notifications/read-all', response: unreadCountSchema }),
  readNotification: defineRoute({
    access: 'admin',
    method: 'POST',
    path: '/api/admin/notifications/:id/read',
    params: z.object({ id: dashedId(NOTIFICATION_NOT_FOUND) }),
    response: unreadCountSchema,
  }),
  /** Newest first. */
  audit: defineRoute({ access: 'admin', method: 'GET', path: '/api/admin/audit', query: auditQuerySchema, response: auditPageSchema }),
  /** The types the log holds, for the type filter. */
  auditTypes: defineRoute({ access: 'admin', method: 'GET', path: '/api/admin/audit/types', response: auditTypesSchema }),
};
