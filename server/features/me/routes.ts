import { Hono } from 'hono';
import { preferencesUpdateSchema, type MeResponse } from '@common/user';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { readJson } from '../../http/validate';
import { changePreferences } from './service';

export function meRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  app.use('*', requireUser);

  app.get('/', (c) => c.json({ user: c.var.user! } satisfies MeResponse));

  app.patch('/preferences', async (c) => {
    const update = await readJson(c, preferencesUpdateSchema);
    const user = await changePreferences(ctx, c.var.user!.uid, update);
    return c.json({ user } satisfies MeResponse);
  });

  return app;
}
