import { Hono } from 'hono';
import { PUSH_BASE, pushContracts } from '@common/push/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { listDevices, removeDevice, subscribe } from './subscriptions';

/** /api/me/push-subscriptions (common/push/contract.ts): the devices the signed-in writer receives push notifications on. */
export function pushRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, PUSH_BASE);
  const limited = [rateLimit(ctx, 'inboxWrites')];

  routes.signedIn(pushContracts.list, [], async (_request, c) => listDevices(ctx, c.var.user.uid));
  routes.signedIn(pushContracts.subscribe, limited, async ({ body }, c) => ({ subscription: await subscribe(ctx, c.var.user.uid, body, c.req.header('user-agent')) }));
  routes.signedIn(pushContracts.remove, limited, async ({ params }, c) => {
    await removeDevice(ctx, c.var.user.uid, params.id);
  });

  return app;
}
