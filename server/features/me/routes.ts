import { preferencesUpdateSchema, type MeResponse } from '@common/user';
import type { ServerContext } from '../../context';
import { signedInRoutes } from '../../auth/session';
import { readJson } from '../../http/validate';
import { changePreferences } from './service';

export function meRoutes(ctx: ServerContext) {
  const app = signedInRoutes();

  app.get('/', (c) => c.json({ user: c.var.user } satisfies MeResponse));

  app.patch('/preferences', async (c) => {
    const update = await readJson(c, preferencesUpdateSchema);
    const user = await changePreferences(ctx, c.var.user.uid, update);
    return c.json({ user } satisfies MeResponse);
  });

  return app;
}
