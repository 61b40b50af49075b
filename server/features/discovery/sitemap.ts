import { dayKeyOf, dayNumber, latestPromptDay, PROMPT_ARCHIVE_START } from '@common/prompts/prompts';
import { tagPath } from '@common/tags/tags';
import type { ServerContext } from '../../context';
import { countGuestRows, guestStoryPage, guestTagPage, guestWriterPage } from './queries';
import { escapeXml } from '../../shared/xml';

/**
 * The sitemap: what a guest may read, as search engines are guests. Public stories
 * of writers in good standing (the community shelf's rule for a guest), the profiles of those
 * writers, the prompt pages and the site's own pages. Split as the protocol asks, at most
 * URLS_PER_FILE addresses a file, behind an index at /sitemap.xml.
 */
export const URLS_PER_FILE = 50_000;

export type SitemapKind = 'pages' | 'stories' | 'writers' | 'tags';

interface SitemapUrl {
  path: string;
  lastmod?: string;
}

/** Which files the index lists: one of pages, and as many of stories and writers as they fill. */
export async function sitemapFiles(ctx: ServerContext, perFile = URLS_PER_FILE): Promise<Array<{ kind: SitemapKind; page: number }>> {
  const [stories, writers, tags] = await Promise.all([countGuestRows(ctx, 'stories'), countGuestRows(ctx, 'writers'), countGuestRows(ctx, 'tags')]);
  const pages = (kind: SitemapKind, n: number) => Array.from({ length: Math.ceil(n / perFile) }, (_, i) => ({ kind, page: i + 1 }));
  return [{ kind: 'pages', page: 1 }, ...pages('stories', stories), ...pages('writers', writers), ...pages('tags', tags)];
}

/** The addresses of one file; null when there is no such file. */
export async function sitemapUrls(ctx: ServerContext, kind: SitemapKind, page: number, now: Date, perFile = URLS_PER_FILE): Promise<SitemapUrl[] | null> {
  if (!Number.isSafeInteger(page) || page < 1) return null;
  const offset = (page - 1) * perFile;
  if (kind === 'pages') {
    if (page !== 1) return null;
    const first = dayNumber(PROMPT_ARCHIVE_START);
    const last = dayNumber(latestPromptDay(now));
    const prompts = Array.from({ length: last - first + 1 }, (_, i) => ({ path: `/prompt/${dayKeyOf(last - i)}` }));
    return [{ path: '/' }, { path: '/community' }, { path: '/prompts' }, { path: '/tags' }, ...prompts];
  }
  if (kind === 'stories') {
    const rows = await guestStoryPage(ctx, perFile, offset);
    return rows.length === 0 && page > 1 ? null : rows.map((r) => ({ path: `/story/${r.id}`, lastmod: r.updated_at }));
  }
  if (kind === 'tags') {
    // A tag's page, where a guest finds at least one of its stories.
    const tags = await guestTagPage(ctx, perFile, offset);
    return tags.length === 0 && page > 1 ? null : tags.map((t) => ({ path: tagPath(t.key) }));
  }
  const rows = await guestWriterPage(ctx, perFile, offset);
  return rows.length === 0 && page > 1 ? null : rows.map((r) => ({ path: `/user/${r.uid}` }));
}


const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function urlsetXml(base: string, urls: SitemapUrl[]): string {
  const entries = urls.map((u) => `<url><loc>${escapeXml(base + u.path)}</loc>${u.lastmod ? `<lastmod>${escapeXml(u.lastmod)}</lastmod>` : ''}</url>`);
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</urlset>\n`;
}

export function sitemapIndexXml(base: string, files: Array<{ kind: SitemapKind; page: number }>): string {
  const entries = files.map((f) => `<sitemap><loc>${escapeXml(`${base}/sitemaps/${f.kind}-${f.page}.xml`)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/**
 * robots.txt: everything a guest may read is open; the screens that are someone's own (or an
 * admin's), the editor and the API are not for crawlers.
 */
export function robotsTxt(base: string): string {
  const closed = ['/api/', '/admin', '/join/', '/settings', '/messages', '/notifications', '/feed', '/friends', '/favorites', '/stories', '/profile', '/story/new', '/story/*/edit', '/story/*/versions', '/login', '/forgot-password', '/reset-password', '/verify-email', '/confirm-email', '/unsubscribe'];
  return ['User-agent: *', ...closed.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}
