import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { latestPromptDay, PROMPT_ARCHIVE_START } from '@common/prompts/prompts';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { postStory } from '../stories/test-support';
import { sitemapFiles, sitemapUrls } from './sitemap';

const xml = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });

describe.each(testDialects())('robots.txt and the sitemap on %s', (dialect) => {
  const ids: Record<string, string> = {};

  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' }, people: { owner: { admin: true, name: 'Owner' }, writer: {}, quiet: {}, suspended: {}, limited: {} } });
  beforeAll(async () => {
    ids.public = (await postStory(api.writer.client, { public: true })).id;
    ids.private = (await postStory(api.writer.client, { public: false })).id;
    ids.quietPrivate = (await postStory(api.quiet.client, { public: false })).id;
    ids.suspended = (await postStory(api.suspended.client, { public: true })).id;
    ids.limited = (await postStory(api.limited.client, { public: true })).id;
    for (const [person, action] of [[api.suspended, 'suspend'], [api.limited, 'limit']] as const) {
      const res = await api.owner.client.post(`/api/admin/users/${person.uid}/actions`, { action, reason: 'For the test' });
      expect(res.status).toBe(200);
    }
  });

  const base = () => api.server.config.publicUrl;
  async function fetchXml(path: string) {
    const res = await fetch(new URL(path, api.server.url));
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    return xml.parse(await res.text()) as { sitemapindex?: { sitemap: Array<{ loc: string }> }; urlset?: { url: Array<{ loc: string; lastmod?: string }> } };
  }
  const locs = async (path: string) => (await fetchXml(path)).urlset!.url.map((u) => u.loc);

  it('robots.txt opens what guests read, closes the private screens and the API, and names the sitemap', async () => {
    const res = await fetch(new URL('/robots.txt', api.server.url));
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const path of ['/api/', '/admin', '/settings', '/messages', '/story/*/edit', '/story/new']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toMatch(/Disallow: \/(community|story\/?$|user|prompt)/m);
    expect(text).toContain(`Sitemap: ${base()}/sitemap.xml`);
  });

  it('indexes its files, and lists the stories and writers a guest may read, with the prompt pages', async () => {
    const index = await fetchXml('/sitemap.xml');
    expect(index.sitemapindex!.sitemap.map((s) => s.loc)).toEqual(['pages-1', 'stories-1', 'writers-1'].map((f) => `${base()}/sitemaps/${f}.xml`));

    const stories = await locs('/sitemaps/stories-1.xml');
    expect(stories).toContain(`${base()}/story/${ids.public}`);
    // Private, a suspended writer's, a limited writer's: not for a guest's shelf.
    for (const hidden of [ids.private, ids.quietPrivate, ids.suspended, ids.limited]) expect(stories).not.toContain(`${base()}/story/${hidden}`);
    expect((await fetchXml('/sitemaps/stories-1.xml')).urlset!.url.find((u) => u.loc.endsWith(ids.public!))?.lastmod).toMatch(/^\d{4}-\d\d-\d\dT/);

    const writers = await locs('/sitemaps/writers-1.xml');
    expect(writers).toContain(`${base()}/user/${api.writer.uid}`);
    for (const person of [api.quiet, api.suspended, api.limited, api.owner]) expect(writers).not.toContain(`${base()}/user/${person.uid}`);

    const pages = await locs('/sitemaps/pages-1.xml');
    expect(pages.slice(0, 3)).toEqual([`${base()}/`, `${base()}/community`, `${base()}/prompts`]);
    expect(pages).toContain(`${base()}/prompt/${PROMPT_ARCHIVE_START}`);
    expect(pages).toContain(`${base()}/prompt/${latestPromptDay(new Date())}`);
  });

  it('splits the addresses into files of at most the limit, every address in exactly one', async () => {
    await Promise.all([postStory(api.writer.client, { public: true }), postStory(api.quiet.client, { public: true }), postStory(api.writer.client, { public: true })]);
    const files = await sitemapFiles(api.server.ctx, 2);
    expect(files).toEqual([{ kind: 'pages', page: 1 }, { kind: 'stories', page: 1 }, { kind: 'stories', page: 2 }, { kind: 'writers', page: 1 }]);
    const now = new Date();
    const first = await sitemapUrls(api.server.ctx, 'stories', 1, now, 2);
    const second = await sitemapUrls(api.server.ctx, 'stories', 2, now, 2);
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(2);
    expect(new Set([...first!, ...second!].map((u) => u.path)).size).toBe(4);
    expect(await sitemapUrls(api.server.ctx, 'stories', 3, now, 2)).toBeNull();
  });

  it('answers 404 for a file that does not exist', async () => {
    for (const path of ['/sitemaps/stories-0.xml', '/sitemaps/stories-99.xml', '/sitemaps/pages-2.xml', '/sitemaps/secrets-1.xml', '/sitemaps/stories-1.json']) {
      const res = await fetch(new URL(path, api.server.url));
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No such sitemap.' } });
    }
  });
});
