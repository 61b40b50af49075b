import { Hono } from 'hono';
import { READING_LISTS_BASE, readingListContracts } from '@common/reading-lists/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { addToReadLater, changeList, createList, listPage, listsForStory, myLists, putEntry, removeEntry, removeList } from './service';

/** /api/reading-lists (common/reading-lists/contract.ts): Read later and named lists. */
export function readingListRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, READING_LISTS_BASE);
  const limited = [rateLimit(ctx, 'readingLists')];
  const r = readingListContracts;

  routes.signedIn(r.mine, [], async (_request, c) => myLists(ctx, c.var.viewer));
  routes.signedIn(r.create, limited, async ({ body }, c) => ({ list: await createList(ctx, c.var.viewer, body) }));
  routes.signedIn(r.forStory, [], async ({ params }, c) => listsForStory(ctx, c.var.viewer, params.storyId));
  routes.signedIn(r.readLater, limited, async ({ params }, c) => addToReadLater(ctx, c.var.viewer, params.storyId));
  routes.open(r.page, [], async ({ params, query }, c) => listPage(ctx, c.var.viewer, params.id, query));
  routes.signedIn(r.update, limited, async ({ params, body }, c) => ({ list: await changeList(ctx, c.var.viewer, params.id, body) }));
  routes.signedIn(r.remove, limited, async ({ params }, c) => removeList(ctx, c.var.viewer, params.id));
  routes.signedIn(r.putEntry, limited, async ({ params, body }, c) => putEntry(ctx, c.var.viewer, params.id, params.storyId, body?.note));
  routes.signedIn(r.removeEntry, limited, async ({ params }, c) => removeEntry(ctx, c.var.viewer, params.id, params.storyId));

  return app;
}
