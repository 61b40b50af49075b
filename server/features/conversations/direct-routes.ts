import { Hono } from 'hono';
import { messagingSettingsUpdateSchema } from '@common/conversations';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { userIdParam } from '../../http/params';
import { rateLimit } from '../../http/rate-limit';
import { readJson } from '../../http/validate';
import { canMessage } from './direct';
import { readMessagingSettings, updateMessagingSettings } from './settings';

/** /api/users/:uid/can-message and /api/me/messaging-settings (direct messages, issue 12). */
export function directMessageRoutes(ctx: ServerContext) {
  // Mounted beside other routers: each route says `requireUser` itself (never app.use('*')).
  const app = new Hono<AppEnv>();

  app.get('/users/:uid/can-message', requireUser, async (c) => {
    return c.json(await canMessage(ctx, c.var.viewer, userIdParam(c)));
  });

  app.get('/me/messaging-settings', requireUser, async (c) => c.json(await readMessagingSettings(ctx, c.var.viewer)));

  app.patch('/me/messaging-settings', requireUser, rateLimit(ctx, 'inboxWrites'), async (c) =>
    c.json(await updateMessagingSettings(ctx, c.var.viewer, await readJson(c, messagingSettingsUpdateSchema))),
  );

  return app;
}
