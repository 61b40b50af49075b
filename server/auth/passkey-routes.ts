import { Hono } from 'hono';
import { PASSKEY_TEXTS, passkeyRenameSchema, type PasskeyList } from '@common/passkeys';
import type { AccountMessage } from '@common/account';
import type { AppEnv, ServerContext } from '../context';
import { idParam } from '../http/params';
import { rateLimit } from '../http/rate-limit';
import { readJson } from '../http/validate';
import { listPasskeys, removePasskey, renamePasskey } from './passkeys';
import { requireUser } from './session';

/**
 * /api/account/passkeys: the signed-in person's passkeys, to list, rename and remove. Adding
 * one and signing in with one are better-auth's passkey endpoints under /api/auth (auth/routes.ts).
 */
export function passkeyRoutes(ctx: ServerContext) {
  // Mounted on /api/account beside routes guests use: the guard is on each route.
  const app = new Hono<AppEnv>();
  const passkeyId = (c: Parameters<typeof idParam>[0]) => idParam(c, 'id', PASSKEY_TEXTS.notFound, 'user');

  app.get('/passkeys', requireUser, async (c) => c.json((await listPasskeys(ctx, c.var.user.uid)) satisfies PasskeyList));

  app.patch('/passkeys/:id', requireUser, rateLimit(ctx, 'passkeyChanges'), async (c) => {
    const id = passkeyId(c);
    const { name } = await readJson(c, passkeyRenameSchema);
    return c.json(await renamePasskey(ctx, c.var.user.uid, id, name));
  });

  app.delete('/passkeys/:id', requireUser, rateLimit(ctx, 'passkeyChanges'), async (c) => {
    await removePasskey(ctx, c.var.user.uid, passkeyId(c));
    return c.json({ message: PASSKEY_TEXTS.removed } satisfies AccountMessage);
  });

  return app;
}
