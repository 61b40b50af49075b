import { Hono } from 'hono';
import { DIRECT_MESSAGES_BASE, directMessageContracts as routes } from '@common/messages/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { canMessage } from './direct';
import { readMessagingSettings, updateMessagingSettings } from './settings';

/** /api/users/:uid/can-message and /api/me/messaging-settings (direct messages). */
export function directMessageRoutes(ctx: ServerContext) {
  // Mounted beside other routers: each route checks the session itself (never app.use('*')).
  const app = new Hono<AppEnv>();
  const on = contractRoutes(app, DIRECT_MESSAGES_BASE);

  on.signedIn(routes.canMessage, [], async ({ params }, c) => canMessage(ctx, c.var.viewer, params.uid));
  on.signedIn(routes.settings, [], async (_request, c) => readMessagingSettings(ctx, c.var.viewer));
  on.signedIn(routes.updateSettings, [rateLimit(ctx, 'inboxWrites')], async ({ body }, c) => updateMessagingSettings(ctx, c.var.viewer, body));

  return app;
}
