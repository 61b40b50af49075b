import { Hono } from 'hono';
import { NOTIFICATIONS_BASE, NOTIFICATION_PREFS_BASE, notificationContracts, notificationPrefsContracts } from '@common/notifications/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { listActors, listMyNotifications, markRead } from './queries';
import { readNotificationPrefs, updateNotificationPrefs } from './prefs';
import { unsubscribe } from './unsubscribe';
import { countUnreadNotifications } from './queries/store';

/** /api/notifications (common/notifications/contract.ts): the bell's list, unread count, read marks; and the one-click unsubscribe. */
export function notificationRoutes(ctx: ServerContext) {
  // Mounted beside other routers: each route needs the session itself (never app.use('*')).
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, NOTIFICATIONS_BASE);
  const writes = [rateLimit(ctx, 'inboxWrites')];

  routes.signedIn(notificationContracts.list, [], async ({ query }, c) => listMyNotifications(ctx, c.var.user.uid, query.cursor));
  routes.signedIn(notificationContracts.unreadCount, [], async (_request, c) => ({ unread: await countUnreadNotifications(ctx.db, c.var.user.uid) }));
  routes.signedIn(notificationContracts.readAll, writes, async (_request, c) => markRead(ctx, c.var.user.uid, null));
  routes.signedIn(notificationContracts.actors, [], async ({ params, query }, c) => listActors(ctx, c.var.user.uid, params.id, query.cursor));
  routes.signedIn(notificationContracts.read, writes, async ({ params }, c) => markRead(ctx, c.var.user.uid, params.id));

  routes.open(notificationContracts.unsubscribe, writes, async ({ query }) => unsubscribe(ctx, query.token));

  return app;
}


/** /api/me/notification-prefs (common/notifications/contract.ts): the writer's notification and email preferences. */
export function notificationPrefsRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, NOTIFICATION_PREFS_BASE);

  routes.signedIn(notificationPrefsContracts.read, [], async (_request, c) => readNotificationPrefs(ctx, c.var.user.uid));
  routes.signedIn(notificationPrefsContracts.update, [rateLimit(ctx, 'inboxWrites')], async ({ body }, c) => updateNotificationPrefs(ctx, c.var.user.uid, body));

  return app;
}
