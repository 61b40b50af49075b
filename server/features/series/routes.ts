import { Hono } from 'hono';
import { SERIES_BASE, seriesContracts } from '@common/series/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { preferredLocale } from '../../http/locale';
import { notFound } from '../../http/errors';
import { RECORD_ID_PATTERN } from '@common/contracts/params';
import { SERIES_NOT_FOUND } from '@common/series/series';
import { bookResponse } from '../books';
import { addStory, createSeries, deleteSeries, ownSeries, removeStory, reorderSeries, seriesBook, seriesPage, storyPart, updateSeries, writerSeries } from './service';

/** /api/series (common/series/contract.ts). The fixed addresses come before /:id. */
export function seriesRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, SERIES_BASE);
  const limited = [rateLimit(ctx, 'seriesWrites')];

  routes.signedIn(seriesContracts.mine, [], async (_request, c) => ownSeries(ctx.db, c.var.viewer));
  routes.open(seriesContracts.ofWriter, [], async ({ params }, c) => ({ series: await writerSeries(ctx.db, c.var.viewer, params.uid) }));
  routes.open(seriesContracts.ofStory, [], async ({ params }, c) => storyPart(ctx.db, c.var.viewer, params.storyId));
  routes.signedIn(seriesContracts.create, limited, async ({ body }, c) => ({ series: await createSeries(ctx, c.var.viewer, body) }));
  routes.open(seriesContracts.page, [], async ({ params }, c) => seriesPage(ctx.db, c.var.viewer, params.id));
  routes.signedIn(seriesContracts.update, limited, async ({ params, body }, c) => ({ series: await updateSeries(ctx, c.var.viewer, params.id, body) }));
  routes.signedIn(seriesContracts.remove, limited, async ({ params }, c) => {
    await deleteSeries(ctx, c.var.viewer, params.id);
  });
  routes.signedIn(seriesContracts.addStory, limited, async ({ params }, c) => addStory(ctx, c.var.viewer, params.id, params.storyId));
  routes.signedIn(seriesContracts.removeStory, limited, async ({ params }, c) => removeStory(ctx, c.var.viewer, params.id, params.storyId));
  routes.signedIn(seriesContracts.reorder, limited, async ({ params, body }, c) => reorderSeries(ctx, c.var.viewer, params.id, body.storyIds));

  // The series as an EPUB (a file, not JSON: a plain route), of what this reader may read.
  app.get('/:id/book', rateLimit(ctx, 'books'), async (c) => {
    const id = c.req.param('id');
    if (!RECORD_ID_PATTERN.test(id)) throw notFound(SERIES_NOT_FOUND);
    return bookResponse(c, await seriesBook(ctx, c.var.viewer, id, preferredLocale(c.req.header('accept-language'))));
  });

  return app;
}
