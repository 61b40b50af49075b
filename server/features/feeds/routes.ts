import { Hono, type Context } from 'hono';
import { ATOM_CONTENT_TYPE } from '@common/feeds/feeds';
import type { AppEnv, ServerContext } from '../../context';
import { errorResponse } from '../../http/errors';
import { isNotModified, weakEtag } from '../../http/conditional';
import { anthologyFeedSpec, buildFeed, communityFeedSpec, promptDayFeedSpec, seriesFeedSpec, tagFeedSpec, writerFeedSpec, type FeedSpec } from './feeds';

/**
 * Readers' apps poll often: five minutes in a shared cache spares the database, and a story made
 * private leaves a cached copy within that time.
 */
const CACHE_CONTROL = 'public, max-age=300';

/**
 * The Atom feeds, beside their pages' addresses: /community/feed.atom,
 * /user/<uid>/feed.atom, /prompt/<YYYY-MM-DD>/feed.atom, /tag/<name>/feed.atom, /series/<id>/feed.atom and /anthologies/<id>/feed.atom. Built as a guest sees them, whoever
 * asks (there is no session here), validated by ETag and Last-Modified.
 */
export function atomFeedRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  async function answer(c: Context<AppEnv>, spec: FeedSpec | null) {
    if (!spec) return errorResponse(c, 404, 'not_found', 'No such feed.');
    const feed = await buildFeed(ctx, spec);
    const etag = weakEtag(feed.xml);
    const lastModified = new Date(feed.updated);
    const validators = { etag, 'last-modified': lastModified.toUTCString(), 'cache-control': CACHE_CONTROL };
    if (isNotModified({ ifNoneMatch: c.req.header('if-none-match'), ifModifiedSince: c.req.header('if-modified-since') }, etag, lastModified)) {
      return c.body(null, 304, validators);
    }
    return c.body(feed.xml, 200, { ...validators, 'content-type': `${ATOM_CONTENT_TYPE}; charset=utf-8` });
  }

  app.get('/community/feed.atom', (c) => answer(c, communityFeedSpec()));
  app.get('/user/:uid/feed.atom', async (c) => answer(c, await writerFeedSpec(ctx, c.req.param('uid'))));
  app.get('/prompt/:date/feed.atom', (c) => answer(c, promptDayFeedSpec(c.req.param('date'), new Date())));
  app.get('/tag/:name/feed.atom', async (c) => answer(c, await tagFeedSpec(ctx, c.req.param('name'))));
  app.get('/series/:id/feed.atom', async (c) => answer(c, await seriesFeedSpec(ctx, c.req.param('id'))));
  app.get('/anthologies/:id/feed.atom', async (c) => answer(c, await anthologyFeedSpec(ctx, c.req.param('id'))));
  return app;
}
