import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { errorResponse } from '../../http/errors';
import { robotsTxt, sitemapFiles, sitemapIndexXml, sitemapUrls, urlsetXml, type SitemapKind } from './sitemap';

const SITEMAP_FILE = /^(pages|stories|writers|tags)-([1-9][0-9]{0,5})\.xml$/;
/** Crawlers come back daily at most; an hour's staleness costs nothing and spares the database. */
const CACHE_CONTROL = 'public, max-age=3600';

/** /robots.txt, /sitemap.xml and its files /sitemaps/<kind>-<n>.xml, for search engines. */
export function discoveryRoutes(ctx: ServerContext) {
  // Text and XML files, not JSON: plain Hono routes, with no contracts (docs/decisions/0037-typed-route-contracts.md).
  const app = new Hono<AppEnv>();
  const base = ctx.config.publicUrl;
  app.get('/robots.txt', (c) => c.text(robotsTxt(base), 200, { 'cache-control': CACHE_CONTROL }));
  app.get('/sitemap.xml', async (c) => {
    const xml = sitemapIndexXml(base, await sitemapFiles(ctx));
    return c.body(xml, 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': CACHE_CONTROL });
  });
  app.get('/sitemaps/:file', async (c) => {
    const match = SITEMAP_FILE.exec(c.req.param('file'));
    const urls = match ? await sitemapUrls(ctx, match[1] as SitemapKind, Number(match[2]), new Date()) : null;
    if (!urls) return errorResponse(c, 404, 'not_found', 'No such sitemap.');
    return c.body(urlsetXml(base, urls), 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': CACHE_CONTROL });
  });
  return app;
}
