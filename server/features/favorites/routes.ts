import { pageQuerySchema } from '@common/story';
import type { ServerContext } from '../../context';
import { signedInRoutes } from '../../auth/session';
import { rateLimit } from '../../http/rate-limit';
import { readQuery } from '../../http/validate';
import { listFavorites } from '../stories';
import { storyIdParam } from '../../http/params';
import { addFavorite, removeFavorite } from './service';

/** /api/favorites: the favourited stories still visible to the user; PUT/DELETE one by id. */
export function favoriteRoutes(ctx: ServerContext) {
  const app = signedInRoutes();

  app.get('/', async (c) => c.json(await listFavorites(ctx.db, c.var.viewer, readQuery(c, pageQuerySchema))));

  app.put('/:id', rateLimit(ctx, 'favorites'), async (c) => c.json({ favorites: await addFavorite(ctx, c.var.viewer, storyIdParam(c)) }));

  app.delete('/:id', rateLimit(ctx, 'favorites'), async (c) => c.json({ favorites: await removeFavorite(ctx, c.var.viewer, storyIdParam(c)) }));

  return app;
}
