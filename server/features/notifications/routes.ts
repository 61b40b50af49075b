import { Hono, type Context } from 'hono';
import { notificationPageQuerySchema, notificationPrefsUpdateSchema, unsubscribeInputSchema } from '@common/notifications';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { rateLimit } from '../../http/rate-limit';
import { parseWith, readJson, readQuery } from '../../http/validate';
import { listActors, listMyNotifications, markRead } from './queries';
import { readNotificationPrefs, updateNotificationPrefs } from './prefs';
import { unsubscribe } from './unsubscribe';
import { countUnreadNotifications } from './notify';

/** /api/notifications: the bell's list, unread count, read marks; and the one-click unsubscribe. */
export function notificationRoutes(ctx: ServerContext) {
  // Mounted beside other routers: each route says `requireUser` itself (never app.use('*')).
  const app = new Hono<AppEnv>();

  app.get('/', requireUser, async (c) => {
    const { cursor } = readQuery(c, notificationPageQuerySchema);
    return c.json(await listMyNotifications(ctx, c.var.user.uid, cursor));
  });

  app.get('/unread-count', requireUser, async (c) => {
    return c.json({ unread: await countUnreadNotifications(ctx.db, c.var.user.uid) });
  });

  app.post('/read-all', requireUser, rateLimit(ctx, 'inboxWrites'), async (c) => c.json(await markRead(ctx, c.var.user.uid, null)));

  app.get('/:id/actors', requireUser, async (c) => {
    const { cursor } = readQuery(c, notificationPageQuerySchema);
    return c.json(await listActors(ctx, c.var.user.uid, c.req.param('id'), cursor));
  });

  app.post('/:id/read', requireUser, rateLimit(ctx, 'inboxWrites'), async (c) => c.json(await markRead(ctx, c.var.user.uid, c.req.param('id'))));

  // No sign-in: the link in the email is the proof. Mail clients' one-click (RFC 8058) POST the
  // URL as it is, token in the query string and a form body; the unsubscribe page sends JSON.
  app.post('/unsubscribe', rateLimit(ctx, 'inboxWrites'), async (c) => {
    const { token } = await unsubscribeInput(c);
    return c.json(await unsubscribe(ctx, token));
  });

  return app;
}

async function unsubscribeInput(c: Context<AppEnv>) {
  const fromQuery = c.req.query('token');
  if (fromQuery !== undefined) return parseWith(unsubscribeInputSchema, { token: fromQuery });
  return readJson(c, unsubscribeInputSchema);
}

/** /api/me/notification-prefs: the writer's notification and email preferences. */
export function notificationPrefsRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.get('/notification-prefs', requireUser, async (c) => c.json(await readNotificationPrefs(ctx, c.var.user.uid)));

  app.patch('/notification-prefs', requireUser, rateLimit(ctx, 'inboxWrites'), async (c) => {
    const update = await readJson(c, notificationPrefsUpdateSchema);
    return c.json(await updateNotificationPrefs(ctx, c.var.user.uid, update));
  });

  return app;
}
