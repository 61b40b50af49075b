import { Hono } from 'hono';
import { pageQuerySchema } from '@common/story';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { readQuery } from '../../http/validate';
import { listFavorites } from '../stories/lists';
import { storyIdParam } from '../stories/http';
import { addFavorite, removeFavorite } from './service';

/** /api/favorites: the favourited stories still visible to the user; PUT/DELETE one by id. */
export function favoriteRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  app.use('*', requireUser);

  app.get('/', async (c) => c.json(await listFavorites(ctx.db, c.var.user!.uid, readQuery(c, pageQuerySchema))));

  app.put('/:id', async (c) => c.json({ favorites: await addFavorite(ctx, c.var.user!, storyIdParam(c)) }));

  app.delete('/:id', async (c) => c.json({ favorites: await removeFavorite(ctx, c.var.user!, storyIdParam(c)) }));

  return app;
}
