import { Hono } from 'hono';
import { ANTHOLOGIES_BASE, anthologyContracts } from '@common/anthologies/contract';
import { ANTHOLOGY_NOT_FOUND } from '@common/anthologies/anthologies';
import { RECORD_ID_PATTERN } from '@common/contracts/params';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { notFound } from '../../http/errors';
import { preferredLocale } from '../../http/locale';
import { rateLimit } from '../../http/rate-limit';
import { bookResponse } from '../books';
import {
  acceptStory,
  addCoEditor,
  anthologyBook,
  anthologyDirectory,
  anthologyPage,
  createAnthology,
  declineStory,
  deleteAnthology,
  followAnthology,
  myAnthologies,
  removeCoEditor,
  removeStoryFrom,
  reorderAnthology,
  storyAnthologies,
  submitStory,
  updateAnthology,
} from './service';

/** /api/anthologies (common/anthologies/contract.ts). The fixed addresses come before /:id. */
export function anthologyRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, ANTHOLOGIES_BASE);
  const limited = [rateLimit(ctx, 'anthologyWrites')];

  routes.open(anthologyContracts.directory, [], async ({ query }, c) => anthologyDirectory(ctx.db, c.var.viewer, query.q, query.cursor));
  routes.signedIn(anthologyContracts.mine, [], async (_request, c) => myAnthologies(ctx.db, c.var.viewer));
  routes.open(anthologyContracts.ofStory, [], async ({ params }, c) => storyAnthologies(ctx.db, c.var.viewer, params.storyId));
  routes.signedIn(anthologyContracts.create, limited, async ({ body }, c) => ({ anthology: await createAnthology(ctx, c.var.viewer, body) }));
  routes.open(anthologyContracts.page, [], async ({ params }, c) => anthologyPage(ctx.db, c.var.viewer, params.id));
  routes.signedIn(anthologyContracts.update, limited, async ({ params, body }, c) => ({ anthology: await updateAnthology(ctx, c.var.viewer, params.id, body) }));
  routes.signedIn(anthologyContracts.remove, limited, async ({ params }, c) => {
    await deleteAnthology(ctx, c.var.viewer, params.id);
  });
  routes.signedIn(anthologyContracts.addEditor, limited, async ({ params, body }, c) => ({ anthology: await addCoEditor(ctx, c.var.viewer, params.id, body.member) }));
  routes.signedIn(anthologyContracts.removeEditor, limited, async ({ params }, c) => ({ anthology: await removeCoEditor(ctx, c.var.viewer, params.id, params.uid) }));
  routes.signedIn(anthologyContracts.submit, limited, async ({ params }, c) => submitStory(ctx, c.var.viewer, params.id, params.storyId));
  routes.signedIn(anthologyContracts.removeStory, limited, async ({ params, body }, c) => removeStoryFrom(ctx, c.var.viewer, params.id, params.storyId, body.reason));
  routes.signedIn(anthologyContracts.accept, limited, async ({ params }, c) => acceptStory(ctx, c.var.viewer, params.id, params.storyId));
  routes.signedIn(anthologyContracts.decline, limited, async ({ params, body }, c) => declineStory(ctx, c.var.viewer, params.id, params.storyId, body.reason));
  routes.signedIn(anthologyContracts.reorder, limited, async ({ params, body }, c) => reorderAnthology(ctx, c.var.viewer, params.id, body.storyIds));
  routes.signedIn(anthologyContracts.follow, limited, async ({ params }, c) => ({ anthology: await followAnthology(ctx, c.var.viewer, params.id, true) }));
  routes.signedIn(anthologyContracts.unfollow, limited, async ({ params }, c) => ({ anthology: await followAnthology(ctx, c.var.viewer, params.id, false) }));

  // The anthology as an EPUB (a file, not JSON: a plain route), of what this reader may read.
  app.get('/:id/book', rateLimit(ctx, 'books'), async (c) => {
    const id = c.req.param('id');
    if (!RECORD_ID_PATTERN.test(id)) throw notFound(ANTHOLOGY_NOT_FOUND);
    return bookResponse(c, await anthologyBook(ctx, c.var.viewer, id, preferredLocale(c.req.header('accept-language'))));
  });

  return app;
}
