import { Hono } from 'hono';
import { ACCOUNT_TEXTS } from '@common/account/account';
import { HANDLES_BASE, handleContracts } from '@common/handles/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { tooManyRequests } from '../../http/errors';
import { limitKey, reserveLimit } from '../../http/rate-limit';
import { actorOf } from '../../shared/actor';
import { changeHandle, lookupHandle } from './service';

/** GET /api/handles/:handle and PATCH /api/me/handle (common/handles/contract.ts). */
export function handleRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, HANDLES_BASE);

  routes.open(handleContracts.lookup, [], async ({ params }, c) => lookupHandle(ctx, c.var.viewer, params.handle));

  // The day's changes are counted once the handle has passed the rule, and a change that does
  // not happen (the handle is taken, or already theirs) gives its place back (http/limits.ts).
  routes.signedIn(handleContracts.change, [], async ({ body }, c) => {
    const who = { uid: c.var.user.uid };
    const { allowed, retryAfterMs } = await reserveLimit(ctx, 'handleChanges', who);
    if (!allowed) {
      c.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
      throw tooManyRequests(ACCOUNT_TEXTS.tooOften);
    }
    const giveBack = () => ctx.rateLimiter.refund(limitKey('handleChanges', who));
    try {
      const { user, changed } = await changeHandle(ctx, actorOf(c), body.handle);
      if (!changed) await giveBack();
      return { user };
    } catch (err) {
      await giveBack();
      throw err;
    }
  });

  return app;
}
