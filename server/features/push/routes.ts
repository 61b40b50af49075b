import { Hono } from 'hono';
import { pushSubscribeSchema } from '@common/push';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { rateLimit } from '../../http/rate-limit';
import { readJson } from '../../http/validate';
import { listDevices, removeDevice, subscribe } from './subscriptions';

/** /api/me/push-subscriptions: the devices the signed-in writer receives push notifications on. */
export function pushRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  app.get('/', requireUser, async (c) => c.json(await listDevices(ctx, c.var.user.uid)));
  app.post('/', requireUser, rateLimit(ctx, 'inboxWrites'), async (c) => {
    const input = await readJson(c, pushSubscribeSchema);
    return c.json({ subscription: await subscribe(ctx, c.var.user.uid, input, c.req.header('user-agent')) }, 201);
  });
  app.delete('/:id', requireUser, rateLimit(ctx, 'inboxWrites'), async (c) => {
    await removeDevice(ctx, c.var.user.uid, c.req.param('id'));
    return c.body(null, 204);
  });
  return app;
}
