import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMPT_ARCHIVE_START, latestPromptDay, promptForDay, utcDayKey } from '@common/prompts/prompts';
import { addDays } from '@common/streaks/streak';
import type { AppEnv } from '../../context';
import { mountWebApp } from '../../static';
import { changeAccountState } from '../../shared/account-state';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { postStory } from '../stories/test-support';
import { ATOM_NS } from './atom';
import { pageFeeds } from './head';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => ['entry', 'link', 'author', 'id', 'title', 'updated', 'published', 'content', 'name', 'uri'].includes(name),
});

interface Text {
  '#text'?: string;
  '@type'?: string;
}
type Field = Array<string | Text>;
interface Link {
  '@rel'?: string;
  '@href': string;
  '@type'?: string;
}
interface Person {
  name: Field;
  uri?: Field;
}
interface Entry {
  id: Field;
  title: Field;
  updated: Field;
  published?: Field;
  author?: Person[];
  link?: Link[];
  content?: Field;
}
interface Feed {
  '@xmlns': string;
  id: Field;
  title: Field;
  updated: Field;
  author?: Person[];
  link?: Link[];
  entry?: Entry[];
}

const textOf = (v: string | Text) => (typeof v === 'string' ? v : (v['#text'] ?? ''));
const one = (field: Field | undefined, what: string) => {
  expect(field, `${what} appears exactly once`).toHaveLength(1);
  return textOf(field![0]!);
};
/** RFC 3339 date-time (RFC 4287 §3.3), with its upper-case T and Z. */
const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const isAbsoluteIri = (v: string) => URL.canParse(v) && /^[a-z][a-z0-9+.-]*:/i.test(v);

/**
 * The document checked against RFC 4287's rules for what must be there: atom:feed with exactly
 * one id (an absolute IRI), title and updated (a date-time), an author unless every entry has one,
 * a rel="self" link; each entry with exactly one id, title and updated, at most one published, an
 * author, a rel="alternate" link (it has no content of its own otherwise: §4.1.1.1 asks for
 * one or the other), and no two entries with the same id.
 */
function expectValidAtom(xml: string): Feed {
  expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
  const doc = parser.parse(xml, true) as { feed?: Feed };
  const feed = doc.feed!;
  expect(feed, 'the root is atom:feed').toBeDefined();
  expect(feed['@xmlns']).toBe(ATOM_NS);
  expect(isAbsoluteIri(one(feed.id, 'feed id'))).toBe(true);
  expect(one(feed.title, 'feed title')).not.toBe('');
  expect(one(feed.updated, 'feed updated')).toMatch(DATE_TIME);
  const links = feed.link ?? [];
  expect(links.filter((l) => l['@rel'] === 'self')).toHaveLength(1);
  expect(links.filter((l) => (l['@rel'] ?? 'alternate') === 'alternate' && (l['@type'] ?? 'text/html') === 'text/html')).toHaveLength(1);
  for (const l of links) expect(isAbsoluteIri(l['@href'])).toBe(true);
  const entries = feed.entry ?? [];
  if (!feed.author) for (const e of entries) expect(e.author, 'an entry without a feed author has its own').toBeDefined();
  for (const a of feed.author ?? []) expect(one(a.name, 'author name')).not.toBe('');
  const ids = new Set<string>();
  for (const e of entries) {
    const id = one(e.id, 'entry id');
    expect(isAbsoluteIri(id)).toBe(true);
    expect(ids.has(id), `entry id ${id} is unique`).toBe(false);
    ids.add(id);
    one(e.title, 'entry title');
    expect(one(e.updated, 'entry updated')).toMatch(DATE_TIME);
    expect(one(e.published, 'entry published')).toMatch(DATE_TIME);
    expect(e.author).toHaveLength(1);
    expect(one(e.author![0]!.name, 'entry author name')).not.toBe('');
    expect(isAbsoluteIri(one(e.author![0]!.uri, 'entry author uri'))).toBe(true);
    expect((e.link ?? []).filter((l) => (l['@rel'] ?? 'alternate') === 'alternate')).toHaveLength(1);
    expect(e.content).toHaveLength(1);
    expect((e.content![0] as Text)['@type']).toBe('html');
  }
  return feed;
}

const alternateOf = (e: Entry) => e.link!.find((l) => (l['@rel'] ?? 'alternate') === 'alternate')!['@href'];

describe.each(testDialects())('Atom feeds on %s', (dialect) => {
  const ids: Record<string, string> = {};
  const day = addDays(utcDayKey(new Date()), -3);
  const web = new Hono<AppEnv>();
  let webDir: string;

  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' }, people: { owner: { admin: true, name: 'Owner' }, writer: { name: 'Tom &amp; Jerry <i>' }, reader: {}, suspended: {}, limited: {}, deactivated: {} } });
  beforeAll(async () => {
    ids.first = (await postStory(api.writer.client, { public: true, title: 'First light' })).id;
    ids.private = (await postStory(api.writer.client, { public: false, title: 'Secret diary' })).id;
    ids.prompt = (await postStory(api.writer.client, { public: true, title: 'To the prompt', prompt: promptForDay(day), promptDay: day })).id;
    ids.readerPrompt = (await postStory(api.reader.client, { public: true, title: 'Reader to the prompt', prompt: promptForDay(day), promptDay: day })).id;
    ids.privatePrompt = (await postStory(api.reader.client, { public: false, title: 'Private to the prompt', prompt: promptForDay(day), promptDay: day })).id;
    ids.suspended = (await postStory(api.suspended.client, { public: true, title: 'Suspended tale' })).id;
    ids.limited = (await postStory(api.limited.client, { public: true, title: 'Limited tale', prompt: promptForDay(day), promptDay: day })).id;
    ids.deactivated = (await postStory(api.deactivated.client, { public: true, title: 'Deactivated tale' })).id;
    for (const [person, action] of [[api.suspended, 'suspend'], [api.limited, 'limit']] as const) {
      const res = await api.owner.client.post(`/api/admin/users/${person.uid}/actions`, { action, reason: 'For the test' });
      expect(res.status).toBe(200);
    }
    const at = new Date().toISOString();
    await changeAccountState(api.server.ctx, api.deactivated.uid, null, (trx) => trx.updateTable('users').set({ deactivatedAt: at }).where('uid', '=', api.deactivated.uid).execute());
    // The writer blocks the reader: a feed is the same for both, and for a guest.
    expect((await api.writer.client.post(`/api/blocks/${api.reader.uid}`, {})).status).toBe(200);

    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-feeds-'));
    fs.copyFileSync(path.join(import.meta.dirname, '../../../web/index.html'), path.join(webDir, 'index.html'));
    mountWebApp(web, webDir, async () => null, pageFeeds(api.server.ctx));
  });
  afterAll(async () => {
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const base = () => api.server.config.publicUrl;
  const get = (p: string, headers: Record<string, string> = {}) => fetch(new URL(p, api.server.url), { headers });
  async function feedAt(p: string, headers: Record<string, string> = {}) {
    const res = await get(p, headers);
    expect(res.status, p).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const xml = await res.text();
    return { res, xml, feed: expectValidAtom(xml) };
  }
  const storyUrl = (id: string) => `${base()}/story/${id}`;
  const entryUrls = (feed: Feed) => (feed.entry ?? []).map(alternateOf);

  it("a writer's feed: their public stories newest first, with the full text escaped, on the public address", async () => {
    const text = 'She said "<script>alert(1)</script>" & left ]]> twice ]]> &amp; more.\nA second line.\n\nA new paragraph.';
    ids.latest = (await postStory(api.writer.client, { public: true, title: `A <b>bold</b> "title" & ]]>`, content: text })).id;
    const { feed } = await feedAt(`/user/${api.writer.uid}/feed.atom`);
    expect(one(feed.id, 'id')).toBe(`${base()}/user/${api.writer.uid}/feed.atom`);
    expect(one(feed.title, 'title')).toBe('Tom &amp; Jerry <i> on Drabble');
    expect(feed.link!.find((l) => l['@rel'] === 'self')!['@href']).toBe(`${base()}/user/${api.writer.uid}/feed.atom`);
    expect(feed.link!.find((l) => l['@rel'] === 'alternate')!['@href']).toBe(`${base()}/user/${api.writer.uid}`);
    expect(one(feed.author![0]!.name, 'name')).toBe('Tom &amp; Jerry <i>');
    expect(entryUrls(feed)).toEqual([ids.latest, ids.prompt, ids.first].map((id) => storyUrl(id!)));

    const latest = feed.entry![0]!;
    expect(one(latest.id, 'id')).toBe(storyUrl(ids.latest));
    expect(one(latest.title, 'title')).toBe(`A <b>bold</b> "title" & ]]>`);
    expect(one(latest.author![0]!.uri, 'uri')).toBe(`${base()}/user/${api.writer.uid}`);
    expect(one(latest.updated, 'updated')).toBe(one(feed.updated, 'feed updated'));
    // The HTML a reader's app renders: the writer's markup as text, paragraphs and line breaks as the page shows them.
    expect(one(latest.content, 'content')).toBe(
      '<p>She said &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; &amp; left ]]&gt; twice ]]&gt; &amp;amp; more.<br/>A second line.</p>\n<p>A new paragraph.</p>',
    );
  });

  it('carries nothing private, nothing of a suspended, limited or deactivated writer, and is the same whoever asks', async () => {
    const community = await feedAt('/community/feed.atom');
    const urls = entryUrls(community.feed);
    for (const id of [ids.first, ids.prompt, ids.readerPrompt]) expect(urls).toContain(storyUrl(id!));
    for (const id of [ids.private, ids.privatePrompt, ids.suspended, ids.limited, ids.deactivated]) expect(urls).not.toContain(storyUrl(id!));
    expect(community.xml).not.toContain('Secret diary');
    expect(one(community.feed.author![0]!.name, 'name')).toBe('Drabble');
    expect(community.feed.link!.find((l) => l['@rel'] === 'alternate')!['@href']).toBe(`${base()}/community`);

    // The writer's own session does not open their private story; the reader they block gets the guest's feed.
    const guest = await feedAt(`/user/${api.writer.uid}/feed.atom`);
    const asWriter = await feedAt(`/user/${api.writer.uid}/feed.atom`, { cookie: api.writer.client.cookieHeader });
    const asBlocked = await feedAt(`/user/${api.writer.uid}/feed.atom`, { cookie: api.reader.client.cookieHeader });
    expect(asWriter.xml).toBe(guest.xml);
    expect(asBlocked.xml).toBe(guest.xml);
    expect(guest.xml).not.toContain(ids.private);

    // A limited writer keeps a feed (a reader's subscription survives the limit), empty meanwhile.
    const limitedFeed = await feedAt(`/user/${api.limited.uid}/feed.atom`);
    expect(limitedFeed.feed.entry).toBeUndefined();
    expect(one(limitedFeed.feed.updated, 'updated')).toBe('1970-01-01T00:00:00.000Z');
  });

  it("a prompt day's feed: the public stories written to it", async () => {
    const { feed } = await feedAt(`/prompt/${day}/feed.atom`);
    expect(entryUrls(feed)).toEqual([ids.readerPrompt, ids.prompt].map((id) => storyUrl(id!)));
    expect(one(feed.title, 'title')).toBe(`Drabble: stories for the prompt of ${day}`);
    expect(feed.link!.find((l) => l['@rel'] === 'alternate')!['@href']).toBe(`${base()}/prompt/${day}`);
    const empty = await feedAt(`/prompt/${PROMPT_ARCHIVE_START}/feed.atom`);
    expect(empty.feed.entry).toBeUndefined();
  });

  it('answers 304 to a reader that has the feed (ETag, or Last-Modified alone), and 200 once it changes', async () => {
    const p = `/user/${api.writer.uid}/feed.atom`;
    const { res } = await feedAt(p);
    const etag = res.headers.get('etag')!;
    const lastModified = res.headers.get('last-modified')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    const head = await fetch(new URL(p, api.server.url), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(await head.text()).toBe('');

    for (const headers of <Array<Record<string, string>>>[{ 'if-none-match': etag }, { 'if-none-match': `"other", ${etag}` }, { 'if-modified-since': lastModified }, { 'if-modified-since': new Date(Date.parse(lastModified) + 60_000).toUTCString() }]) {
      const again = await get(p, headers);
      expect(again.status, JSON.stringify(headers)).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
    }
    // An earlier date, another tag or an unreadable date: the whole feed. A tag that does not match wins over a date that would.
    for (const headers of <Array<Record<string, string>>>[{ 'if-modified-since': new Date(Date.parse(lastModified) - 60_000).toUTCString() }, { 'if-none-match': 'W/"other"' }, { 'if-none-match': 'W/"other"', 'if-modified-since': lastModified }, { 'if-modified-since': 'yesterday' }]) {
      expect((await get(p, headers)).status, JSON.stringify(headers)).toBe(200);
    }

    // HTTP dates count whole seconds: the next story must be in a later one than the feed's last change.
    while (Math.floor(Date.now() / 1000) * 1000 <= Date.parse(lastModified)) await new Promise((resolve) => setTimeout(resolve, 50));
    const added = await postStory(api.writer.client, { public: true, title: 'A newer one' });
    const changed = await get(p, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain(storyUrl(added.id));
    expect((await get(p, { 'if-modified-since': lastModified })).status).toBe(200);
    // The community's and a prompt day's feeds validate the same way.
    for (const other of ['/community/feed.atom', `/prompt/${day}/feed.atom`]) {
      const first = await get(other);
      expect((await get(other, { 'if-none-match': first.headers.get('etag')! })).status).toBe(304);
    }
  });

  it('answers 404 in the error shape for a writer nobody may see and a day without a prompt page', async () => {
    const missing = [
      `/user/no-such-writer/feed.atom`,
      `/user/${api.suspended.uid}/feed.atom`,
      `/user/${api.deactivated.uid}/feed.atom`,
      '/prompt/2026-02-30/feed.atom',
      '/prompt/yesterday/feed.atom',
      `/prompt/${addDays(PROMPT_ARCHIVE_START, -1)}/feed.atom`,
      `/prompt/${addDays(latestPromptDay(new Date()), 1)}/feed.atom`,
    ];
    for (const p of missing) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No such feed.' } });
    }
  });

  it('names the feed in the HTML of the profile, community and prompt pages, and only where there is one', async () => {
    const linkOf = async (url: string) => {
      const res = await web.request(url);
      expect(res.status).toBe(200);
      const links = [...(await res.text()).matchAll(/<link rel="alternate" type="application\/atom\+xml" title="([^"]*)" href="([^"]*)" \/>/g)];
      expect(links.length, url).toBeLessThanOrEqual(1);
      return links[0] && { title: links[0][1], href: links[0][2] };
    };
    expect(await linkOf(`/user/${api.writer.uid}`)).toEqual({ title: 'Tom &amp;amp; Jerry &lt;i&gt; on Drabble', href: `${base()}/user/${api.writer.uid}/feed.atom` });
    expect(await linkOf('/community')).toEqual({ title: 'Drabble: newest stories', href: `${base()}/community/feed.atom` });
    expect(await linkOf(`/prompt/${day}/`)).toEqual({ title: `Drabble: stories for the prompt of ${day}`, href: `${base()}/prompt/${day}/feed.atom` });
    for (const url of [`/user/${api.suspended.uid}`, '/user/no-such-writer', '/prompt/2026-02-30', '/prompts', `/story/${ids.first}`, '/', '/settings']) {
      expect(await linkOf(url), url).toBeUndefined();
    }
  });
  it('an entry carries the story’s content warnings above its text, as the story page shows them', async () => {
    const warned = await postStory(api.writer.client, {
      public: true,
      title: 'The storm',
      content: 'The sea took the boat.',
      contentWarnings: ['death', 'violence'],
      contentWarningNote: 'a drowning & its aftermath',
    });
    const { feed } = await feedAt(`/user/${api.writer.uid}/feed.atom`);
    const entry = feed.entry!.find((e) => one(e.id, 'id') === storyUrl(warned.id))!;
    expect(one(entry.content, 'content')).toBe('<p><strong>Content warnings: Violence, Death — a drowning &amp; its aftermath</strong></p>\n<p>The sea took the boat.</p>');
    const plain = feed.entry!.find((e) => one(e.id, 'id') === storyUrl(ids.first!))!;
    expect(one(plain.content, 'content')).not.toContain('Content warnings');
  });
});
