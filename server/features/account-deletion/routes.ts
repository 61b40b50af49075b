import { deletionRequestSchema, type DeletionState } from '@common/your-data';
import type { MeResponse } from '@common/user';
import type { ServerContext } from '../../context';
import { signedInRoutes } from '../../auth/session';
import { rateLimit } from '../../http/rate-limit';
import { readJson } from '../../http/validate';
import { actorOf } from '../../shared/actor';
import { cancelDeletion, deletionState, requestDeletion } from './service';

/**
 * /api/account/deletion: the person's own account only. A deactivated account's session may
 * use it (it is how they cancel); the request ends every session, this one included.
 */
export function accountDeletionRoutes(ctx: ServerContext) {
  const app = signedInRoutes();

  app.get('/', async (c) => c.json({ deletion: await deletionState(ctx, c.var.user.uid) } satisfies { deletion: DeletionState | null }));

  app.post('/', rateLimit(ctx, 'accountDeletion'), async (c) => {
    const { email } = await readJson(c, deletionRequestSchema);
    return c.json({ deletion: await requestDeletion(ctx, actorOf(c), email) } satisfies { deletion: DeletionState });
  });

  app.delete('/', rateLimit(ctx, 'accountDeletion'), async (c) => c.json({ user: await cancelDeletion(ctx, actorOf(c)) } satisfies MeResponse));

  return app;
}
