import { Hono } from 'hono';
import { FAVORITES_BASE, favoriteContracts } from '@common/favorites/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { listFavorites } from '../stories';
import { addFavorite, removeFavorite } from './service';

/** /api/favorites (common/favorites/contract.ts): the favourited stories still visible to the user; PUT/DELETE one by id. */
export function favoriteRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, FAVORITES_BASE);
  const limited = [rateLimit(ctx, 'favorites')];

  routes.signedIn(favoriteContracts.list, [], async ({ query }, c) => listFavorites(ctx.db, c.var.viewer, query));
  routes.signedIn(favoriteContracts.add, limited, async ({ params }, c) => ({ favorites: await addFavorite(ctx, c.var.viewer, params.id) }));
  routes.signedIn(favoriteContracts.remove, limited, async ({ params }, c) => ({ favorites: await removeFavorite(ctx, c.var.viewer, params.id) }));

  return app;
}
