import { Hono } from 'hono';
import { accountActionSchema, adminUsersQuerySchema } from '@common/moderation';
import type { AppEnv, ServerContext } from '../../context';
import { guard } from '../../http/guards';
import { userIdParam } from '../../http/params';
import { rateLimit } from '../../http/rate-limit';
import { readJson, readQuery } from '../../http/validate';
import { authorizeModeration } from '../../policy/moderation';
import { actOnAccount } from './account-actions';
import { listUsers, readUserDetail } from './users';

/** /api/admin/users: the accounts list, one person's page, and the account actions (contract in common/moderation.ts). */
export function adminUserRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.get('/', guard(authorizeModeration, 'viewUsers'), async (c) => c.json(await listUsers(ctx, readQuery(c, adminUsersQuerySchema))));

  app.get('/:uid', guard(authorizeModeration, 'viewUsers'), async (c) => {
    const viewer = c.var.viewer;
    authorizeModeration(viewer, 'viewUsers');
    return c.json(await readUserDetail(ctx, viewer, userIdParam(c)));
  });

  app.post('/:uid/actions', guard(authorizeModeration, 'actOnUser'), rateLimit(ctx, 'adminWrites'), async (c) => {
    const uid = userIdParam(c);
    const input = await readJson(c, accountActionSchema);
    return c.json(await actOnAccount(ctx, c.var.user, uid, input));
  });

  return app;
}
