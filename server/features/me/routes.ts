import { preferencesUpdateSchema, type MeResponse } from '@common/user';
import { readingPreferencesUpdateSchema } from '@common/content-warnings';
import type { ServerContext } from '../../context';
import { signedInRoutes } from '../../auth/session';
import { readJson } from '../../http/validate';
import { withFavorites } from '../../shared/users';
import { changePreferences, changeReadingPreferences, markTutorialSeen } from './service';

export function meRoutes(ctx: ServerContext) {
  const app = signedInRoutes();

  // The one read that shows favourites: the session only carries the users row. The live
  // position is taken first, so nothing the answer could miss comes before it.
  app.get('/', async (c) => {
    const liveFrom = String(ctx.bus.dispatchedUpTo);
    return c.json({ user: await withFavorites(ctx.db, c.var.user), liveFrom } satisfies MeResponse);
  });

  app.patch('/preferences', async (c) => {
    const update = await readJson(c, preferencesUpdateSchema);
    const user = await changePreferences(ctx, c.var.user.uid, update);
    return c.json({ user } satisfies MeResponse);
  });

  // Content warnings the reader hides and "always show the text": their own record only.
  app.put('/reading-preferences', async (c) => {
    const update = await readJson(c, readingPreferencesUpdateSchema);
    return c.json({ user: await changeReadingPreferences(ctx, c.var.user.uid, update) } satisfies MeResponse);
  });

  // No body: the server stamps the time, and only the first one counts.
  app.post('/tutorial-seen', async (c) => c.json({ user: await markTutorialSeen(ctx, c.var.user.uid) } satisfies MeResponse));

  return app;
}
