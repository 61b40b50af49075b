import fs from 'node:fs';
import path from 'node:path';
import type { Hono, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { ATOM_CONTENT_TYPE } from '@common/feeds/feeds';
import { SITE_DESCRIPTION, SITE_NAME, type SharedPage } from '@common/stories/share';
import type { AppEnv } from './context';
import { matchesEtag, weakEtag } from './http/conditional';

/** The link preview for a client route's path, or null for a page with nothing of its own to show. */
export type SharedPageLookup = (pathname: string) => Promise<SharedPage | null>;

/** The Atom feed a page names in its HTML (<link rel="alternate">) for readers' apps; `url` absolute. */
export interface PageFeed {
  title: string;
  url: string;
}
export type PageFeedLookup = (pathname: string) => Promise<PageFeed | null>;

/** Sets Cache-Control on successful responses matching `when` (serveStatic's onFound runs too late to add headers). */
function cacheControl(value: string, when: (c: Parameters<MiddlewareHandler>[0]) => boolean = () => true): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 200 && when(c)) c.res.headers.set('cache-control', value);
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);

const metaTag = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

function headTags(page: SharedPage | null): string[] {
  if (!page) {
    return [
      metaTag('property', 'og:site_name', SITE_NAME),
      metaTag('property', 'og:type', 'website'),
      metaTag('property', 'og:title', SITE_NAME),
      metaTag('property', 'og:description', SITE_DESCRIPTION),
    ];
  }
  return [
    metaTag('property', 'og:site_name', SITE_NAME),
    metaTag('property', 'og:type', page.type),
    metaTag('property', 'og:title', page.title),
    metaTag('property', 'og:description', page.description),
    metaTag('property', 'og:url', page.url),
    ...(page.author ? [metaTag('name', 'author', page.author.name), metaTag('property', 'article:author', page.author.url)] : []),
    metaTag('name', 'twitter:card', 'summary'),
    metaTag('name', 'twitter:title', page.title),
    metaTag('name', 'twitter:description', page.description),
    `<link rel="canonical" href="${escapeHtml(page.url)}" />`,
  ];
}

/**
 * index.html with the page's own title, description and Open Graph tags: link previews
 * (chat apps, social sites) read the HTML and run no JavaScript. Replacement functions, not
 * strings, so a '$' in a title is taken literally.
 */
export function withSharedPage(html: string, page: SharedPage | null): string {
  let out = html;
  if (page) {
    out = out
      .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(page.pageTitle)}</title>`)
      .replace(/<meta\s+name="description"[^>]*>/, () => metaTag('name', 'description', page.description));
  }
  return out.replace('</head>', () => `    ${headTags(page).join('\n    ')}\n  </head>`);
}

/** index.html naming the page's feed, where it has one: feed readers find it without running the app. */
export function withPageFeed(html: string, feed: PageFeed | null): string {
  if (!feed) return html;
  const link = `<link rel="alternate" type="${ATOM_CONTENT_TYPE}" title="${escapeHtml(feed.title)}" href="${escapeHtml(feed.url)}" />`;
  return html.replace('</head>', () => `    ${link}
  </head>`);
}

/** Root files a browser must not keep for a day: the service worker (build/pwa.ts), its push handler, the manifest. */
const UNCACHED_ROOT_FILES = new Set(['/sw.js', '/push-sw.js', '/manifest.webmanifest']);

/** One entry of dist/web/route-preloads.json (build/route-preloads.ts). */
interface RoutePreload {
  pattern: string;
  files: string[];
}

interface RouteMatcher {
  test: RegExp;
  /** Static segments outrank parameters, parameters outrank the catch-all, as in React Router. */
  rank: number;
  files: string[];
}

function routeMatcher({ pattern, files }: RoutePreload): RouteMatcher {
  let rank = 0;
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') {
        rank -= 1;
        return '(?:/.*)?';
      }
      if (segment.startsWith(':')) {
        rank += segment.endsWith('?') ? 1 : 2;
        return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      }
      rank += 4;
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return { test: new RegExp(`^${body}/?$`, 'i'), rank, files };
}

/**
 * The chunks each client route needs, from the build (dist/web/route-preloads.json), read
 * again whenever a new build replaces it (index.html is read per request too); none when the
 * file is missing (an older build), and the page then loads them as before.
 */
function routePreloadsOf(webDir: string): (pathname: string) => string[] {
  const file = path.join(webDir, 'route-preloads.json');
  let loaded: { mtimeMs: number; matchers: RouteMatcher[] } | null = null;
  return (pathname) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return [];
    if (loaded?.mtimeMs !== stat.mtimeMs) {
      loaded = { mtimeMs: stat.mtimeMs, matchers: (JSON.parse(fs.readFileSync(file, 'utf8')) as RoutePreload[]).map(routeMatcher) };
    }
    let best: RouteMatcher | null = null;
    for (const matcher of loaded.matchers) if (matcher.test.test(pathname) && (!best || matcher.rank > best.rank)) best = matcher;
    return best?.files ?? [];
  };
}

/**
 * index.html with <link rel="modulepreload"> for the current route's screen and what it
 * imports: they download with the entry rather than after it has run and asked for them.
 */
export function withRoutePreloads(html: string, files: readonly string[]): string {
  const links = files.filter((file) => !html.includes(`"${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`);
  if (links.length === 0) return html;
  return html.replace('</head>', () => `    ${links.join('\n    ')}\n  </head>`);
}

/**
 * Serves the built SPA from dist/web: hashed assets cached for a year, every other
 * non-API GET answered with index.html so the client router takes over, described for link
 * previews by `sharedPage` when the path is a story or a profile.
 */
export function mountWebApp(app: Hono<AppEnv>, webDir: string, sharedPage: SharedPageLookup = async () => null, pageFeed: PageFeedLookup = async () => null): void {
  const indexFile = path.join(webDir, 'index.html');
  const routeFiles = routePreloadsOf(webDir);
  // The service worker and what it imports, and the manifest: asked afresh each time, so a release reaches installed apps at once.
  // (Registered first: the outermost middleware sets its header last, over the day the root files get below.)
  app.use('*', cacheControl('no-cache', (c) => UNCACHED_ROOT_FILES.has(c.req.path)));
  app.use('/assets/*', cacheControl('public, max-age=31536000, immutable'));
  app.use('*', cacheControl('no-cache', (c) => (c.res.headers.get('content-type') ?? '').startsWith('text/html')));
  // The favicon and other root files change rarely but are not hashed: a day, then revalidated.
  app.use('*', cacheControl('public, max-age=86400', (c) => !c.req.path.startsWith('/assets/') && !(c.res.headers.get('content-type') ?? '').startsWith('text/html')));
  // The build stores .br and .gz copies (build/precompress.ts): sent as they are to clients that accept them.
  const assets = serveStatic({ root: webDir, precompressed: true });
  // index.html itself (and '/', which serveStatic would answer with it) goes through the page handler below.
  app.use('*', (c, next) => (c.req.path === '/' || c.req.path === '/index.html' ? next() : assets(c, next)));
  app.get('*', async (c) => {
    if (!fs.existsSync(indexFile)) {
      return c.text('The web app is not built yet. Run `npm run build` (npm start does this for you).', 503);
    }
    const [shared, feed] = await Promise.all([sharedPage(c.req.path), pageFeed(c.req.path)]);
    const html = withRoutePreloads(withPageFeed(withSharedPage(fs.readFileSync(indexFile, 'utf8'), shared), feed), routeFiles(c.req.path));
    // A weak validator of what this path's page is: a repeat visit revalidates and gets 304 without the body.
    const etag = weakEtag(html);
    c.header('etag', etag);
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    return c.html(html);
  });
}
