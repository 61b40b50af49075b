import { Hono } from 'hono';
import { PASSKEY_TEXTS } from '@common/account/passkeys';
import { PASSKEYS_BASE, passkeyContracts } from '@common/account/passkeys-contract';
import type { AppEnv, ServerContext } from '../context';
import { contractRoutes } from '../http/contract-routes';
import { rateLimit } from '../http/rate-limit';
import { listPasskeys, removePasskey, renamePasskey } from './passkeys';

/**
 * /api/account/passkeys (common/account/passkeys-contract.ts): the signed-in person's passkeys, to
 * list, rename and remove. Adding one and signing in with one are better-auth's passkey
 * endpoints under /api/auth (auth/routes.ts).
 */
export function passkeyRoutes(ctx: ServerContext) {
  // Mounted on /api/account beside routes guests use: the guard is on each route.
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, PASSKEYS_BASE);
  const changes = [rateLimit(ctx, 'passkeyChanges')];

  routes.signedIn(passkeyContracts.list, [], async (_request, c) => listPasskeys(ctx, c.var.user.uid));

  routes.signedIn(passkeyContracts.rename, changes, async ({ params, body }, c) => renamePasskey(ctx, c.var.user.uid, params.id, body.name));

  routes.signedIn(passkeyContracts.remove, changes, async ({ params }, c) => {
    await removePasskey(ctx, c.var.user.uid, params.id);
    return { message: PASSKEY_TEXTS.removed };
  });

  return app;
}
