import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import type { AppEnv } from './context';
import { precompressFile } from '../build/precompress';
import { lazyRoutesOf } from '../build/route-preloads';
import { mountWebApp, withSharedPage } from './static';

describe('serving the web app', () => {
  let dir: string;
  const app = new Hono<AppEnv>();
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Drabble</title></head><body></body></html>');
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'assets', 'big-def456.js'), `export const words = ${JSON.stringify('flash fiction '.repeat(500))};`);
    precompressFile(path.join(dir, 'assets', 'big-def456.js'));
    fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(dir, 'push-sw.js'), 'self.addEventListener("push", () => {});');
    fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Drabble"}');
    mountWebApp(app, dir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('answers / and any client route with index.html, not cached', async () => {
    for (const url of ['/', '/story/abc/edit', '/admin/greetings']) {
      const res = await app.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>Drabble</title>');
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await app.request('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed brotli or gzip copy of an asset to a client that accepts it, the plain file otherwise', async () => {
    const plain = await app.request('/assets/big-def456.js');
    const raw = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get('content-encoding')).toBeNull();
    const br = await app.request('/assets/big-def456.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThan(raw.length / 10);
    expect(zlib.brotliDecompressSync(brBody).equals(raw)).toBe(true);
    const gz = await app.request('/assets/big-def456.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(raw)).toBe(true);
  });

  it('gives index.html an ETag, answering 304 to a repeat visit that still has it', async () => {
    const first = await app.request('/community');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await app.request('/community', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await app.request('/community', { headers: { 'if-none-match': 'W/"other"' } })).status).toBe(200);
  });

  it('caches the favicon for a day', async () => {
    const res = await app.request('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('has the service worker, its push handler and the manifest asked for afresh each time, the manifest as a manifest', async () => {
    for (const url of ['/sw.js', '/push-sw.js', '/manifest.webmanifest']) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), url).toBe('no-cache');
    }
    expect((await app.request('/manifest.webmanifest')).headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  });

  it('describes a page from the lookup it was mounted with', async () => {
    const described = new Hono<AppEnv>();
    const page = { pageTitle: 'A Tale · Drabble', title: 'A Tale', description: 'By Ada · Once.', type: 'article' as const, url: 'https://drabble.test/story/abc' };
    mountWebApp(described, dir, async (pathname) => (pathname === '/story/abc' ? page : null));
    const html = await (await described.request('/story/abc')).text();
    expect(html).toContain('<title>A Tale · Drabble</title>');
    expect(html).toContain('<meta property="og:url" content="https://drabble.test/story/abc" />');
    expect(await (await described.request('/story/other')).text()).toContain('<title>Drabble</title>');
  });
});

describe('route preloads', () => {
  let dir: string;
  const app = new Hono<AppEnv>();
  const index = '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script>\n  </head><body></body></html>';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-web-'));
    fs.writeFileSync(path.join(dir, 'index.html'), index);
    fs.writeFileSync(
      path.join(dir, 'route-preloads.json'),
      JSON.stringify([
        { pattern: '/', files: ['/assets/Home-1.js', '/assets/index-1.js'] },
        { pattern: '/story/new', files: ['/assets/NewStory-1.js'] },
        { pattern: '/story/:id/:mode?', files: ['/assets/Story-1.js', '/assets/text-1.js'] },
        { pattern: '/admin/audit', files: ['/assets/Audit-1.js'] },
        { pattern: '/*', files: ['/assets/NotFound-1.js'] },
      ]),
    );
    mountWebApp(app, dir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const preloads = async (url: string) =>
    [...(await (await app.request(url)).text()).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

  it("adds the route's screen and its imports as modulepreload links, once each", async () => {
    expect(await preloads('/')).toEqual(['/assets/Home-1.js']);
    expect(await preloads('/story/abc')).toEqual(['/assets/Story-1.js', '/assets/text-1.js']);
    expect(await preloads('/story/abc/edit')).toEqual(['/assets/Story-1.js', '/assets/text-1.js']);
    expect(await preloads('/admin/audit')).toEqual(['/assets/Audit-1.js']);
  });

  it('prefers the most specific route, as the client router does', async () => {
    expect(await preloads('/story/new')).toEqual(['/assets/NewStory-1.js']);
    expect(await preloads('/no/such/page')).toEqual(['/assets/NotFound-1.js']);
  });

  it("reads every lazy screen of the app's router with its full path", () => {
    const routerFile = path.resolve(import.meta.dirname, '../web/app/router.tsx');
    const adminFile = path.resolve(import.meta.dirname, '../web/app/admin-routes.tsx');
    const routes = new Map(lazyRoutesOf([routerFile, adminFile]).map(({ pattern, module }) => [pattern, path.relative(path.dirname(routerFile), module)]));
    expect(routes.get('/')).toBe('../features/home/HomeScreen');
    expect(routes.get('/community')).toBe('../features/stories/CommunityScreen');
    expect(routes.get('/story/:id/:mode?')).toBe('../features/stories/StoryScreen');
    expect(routes.get('/story/new')).toBe('../features/stories/NewStoryScreen');
    expect(routes.get('/admin')).toBe('../features/admin/AdminPanelScreen');
    expect(routes.get('/admin/audit')).toBe('../features/admin/AuditLogScreen');
    expect(routes.get('/*')).toBe('../features/not-found/NotFoundScreen');
  });

  it('adds nothing when the build has no route list', async () => {
    fs.rmSync(path.join(dir, 'route-preloads.json'));
    expect(await preloads('/')).toEqual([]);
    expect(await (await app.request('/')).text()).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
  });
});

describe('link preview tags', () => {
  const html = `<!doctype html>
<html><head>
    <meta name="description" content="Generic." />
    <title>Drabble</title>
  </head><body><div id="root"></div></body></html>`;

  it('replaces the title and description and adds Open Graph and Twitter tags before </head>', () => {
    const out = withSharedPage(html, { pageTitle: 'P · Drabble', title: 'P', description: 'D', type: 'profile', url: 'https://x.test/user/u' });
    expect(out).toContain('<title>P · Drabble</title>');
    expect(out).toContain('<meta name="description" content="D" />');
    expect(out).not.toContain('Generic.');
    expect(out).toMatch(/<meta property="og:type" content="profile" \/>[\s\S]*<\/head><body>/);
    expect(out).toContain('<meta name="twitter:card" content="summary" />');
    expect(out).toContain('<link rel="canonical" href="https://x.test/user/u" />');
  });

  it("takes '$' patterns literally and escapes markup", () => {
    const out = withSharedPage(html, { pageTitle: "$& $' <i>", title: '$`', description: '"&"', type: 'article', url: 'https://x.test/story/a?b="c"' });
    expect(out).toContain("<title>$&amp; $&#39; &lt;i&gt;</title>");
    expect(out).toContain('<meta property="og:title" content="$`" />');
    expect(out).toContain('<meta name="description" content="&quot;&amp;&quot;" />');
    expect(out).toContain('href="https://x.test/story/a?b=&quot;c&quot;"');
  });

  it('keeps the page and adds only the generic site tags when there is nothing to describe', () => {
    const out = withSharedPage(html, null);
    expect(out).toContain('<title>Drabble</title>');
    expect(out).toContain('Generic.');
    expect(out).toContain('<meta property="og:title" content="Drabble" />');
    expect(out).not.toContain('og:url');
  });
});
