import { Hono, type Context } from 'hono';
import type { RouteReply } from '@common/contracts/define';
import { NOTIFICATIONS_BASE, NOTIFICATION_PREFS_BASE, notificationContracts, notificationPrefsContracts } from '@common/notifications/contract';
import { unsubscribeInputSchema } from '@common/notifications/notifications';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { parseWith, readJson } from '../../http/validate';
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

  // A plain route: mail clients' one-click (RFC 8058) POST the URL as it is, token in the query
  // string and a form body, not JSON; the unsubscribe page sends JSON. No sign-in: the link is the proof.
  app.post('/unsubscribe', rateLimit(ctx, 'inboxWrites'), async (c) => {
    const { token } = await unsubscribeInput(c);
    return c.json((await unsubscribe(ctx, token)) satisfies RouteReply<typeof notificationContracts.unsubscribe>);
  });

  return app;
}

async function unsubscribeInput(c: Context<AppEnv>) {
  const fromQuery = c.req.query('token');
  if (fromQuery !== undefined) return parseWith(unsubscribeInputSchema, { token: fromQuery });
  return readJson(c, unsubscribeInputSchema);
}

/** /api/me/notification-prefs (common/notifications/contract.ts): the writer's notification and email preferences. */
export function notificationPrefsRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, NOTIFICATION_PREFS_BASE);

  routes.signedIn(notificationPrefsContracts.read, [], async (_request, c) => readNotificationPrefs(ctx, c.var.user.uid));
  routes.signedIn(notificationPrefsContracts.update, [rateLimit(ctx, 'inboxWrites')], async ({ body }, c) => updateNotificationPrefs(ctx, c.var.user.uid, body));

  return app;
}
