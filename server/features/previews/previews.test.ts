import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import type { Story } from '@common/stories/story';
import type { AppEnv } from '../../context';
import { mountWebApp } from '../../static';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp } from '../../test/server';
import { postStory } from '../stories/test-support';
import { changeAccountState } from '../../shared/account-state';
import { sharedPages } from './index';

/** The `content` of the one meta tag named `key` (name= or property=), undefined when absent. */
function meta(html: string, key: string): string | undefined {
  const tags = [...html.matchAll(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`, 'g'))];
  expect(tags.length, `${key} appears at most once`).toBeLessThanOrEqual(1);
  return tags[0]?.[1];
}

const titleOf = (html: string) => {
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)];
  expect(titles).toHaveLength(1);
  return titles[0]![1];
};

describe.each(testDialects())('link previews in the served HTML on %s', (dialect) => {
  let webDir: string;
  const app = new Hono<AppEnv>();

  const api = useTestServer(dialect, { people: { writer: { name: 'Ada Quill' } } });
  beforeAll(async () => {
    // The real page, so the tags replaced are the ones the built app has.
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-previews-'));
    fs.copyFileSync(path.join(import.meta.dirname, '../../../web/index.html'), path.join(webDir, 'index.html'));
    mountWebApp(app, webDir, sharedPages(api.server.ctx));
  });
  afterAll(async () => {
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  async function page(url: string): Promise<string> {
    const res = await app.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    return res.text();
  }

  function expectGeneric(html: string) {
    expect(titleOf(html)).toBe('Drabble');
    expect(meta(html, 'og:title')).toBe('Drabble');
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:url')).toBeUndefined();
    expect(meta(html, 'description')).toBe('Drabble: a place to write, share and talk about ultra-short fiction.');
  }

  it('describes a public story: title, the start of its text, its author and its address', async () => {
    const story = await postStory(api.writer.client, {
      public: true,
      title: 'The Last Lighthouse',
      content: `The keeper counted ships that never came.\n\nHe kept the lamp lit anyway. ${'Waves. '.repeat(40)}`,
    });
    const html = await page(`/story/${story.id}`);
    expect(titleOf(html)).toBe('The Last Lighthouse · Drabble');
    expect(meta(html, 'og:title')).toBe('The Last Lighthouse');
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:site_name')).toBe('Drabble');
    expect(meta(html, 'og:url')).toBe(`${api.server.config.publicUrl}/story/${story.id}`);
    expect(meta(html, 'article:author')).toBe(`${api.server.config.publicUrl}/user/${api.writer.uid}`);
    expect(meta(html, 'author')).toBe(story.authorDisplayName);
    const description = meta(html, 'description')!;
    expect(description).toMatch(new RegExp(`^By ${story.authorDisplayName} · The keeper counted ships that never came\\. He kept the lamp lit anyway\\. Waves\\.`));
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    expect(meta(html, 'og:description')).toBe(description);
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(meta(html, 'twitter:title')).toBe('The Last Lighthouse');
    // The app itself is still there.
    expect(html).toContain('<div id="root">');
    expect(await page(`/story/${story.id}/`)).toContain('<title>The Last Lighthouse · Drabble</title>');
  });

  it('never shows a private story: its page reads like a missing one', async () => {
    const secret = await postStory(api.writer.client, { public: false, title: 'Secret Diary Entry', content: 'Nobody may read this confession.' });
    const html = await page(`/story/${secret.id}`);
    expectGeneric(html);
    expect(html).not.toContain('Secret Diary');
    expect(html).not.toContain('confession');
    expect(html).not.toContain(secret.id);

    // Made private after being public: the title goes with it.
    const once = await postStory(api.writer.client, { public: true, title: 'Briefly Public Tale' });
    expect(await page(`/story/${once.id}`)).toContain('Briefly Public Tale');
    const hidden = await api.writer.client.patch<{ story: Story }>(`/api/stories/${once.id}/visibility`, { public: false });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    const after = await page(`/story/${once.id}`);
    expectGeneric(after);
    expect(after).not.toContain('Briefly Public Tale');
  });

  it('escapes what writers typed, markup and quotes included', async () => {
    const story = await postStory(api.writer.client, {
      public: true,
      title: `<script>alert("x")</script> & 'Quotes' $& $1`,
      content: 'A body with "quotes" and <b>tags</b> & ampersands.',
    });
    const html = await page(`/story/${story.id}`);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>tags');
    expect(titleOf(html)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Quotes&#39; $&amp; $1 · Drabble');
    expect(meta(html, 'og:title')).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Quotes&#39; $&amp; $1');
    expect(meta(html, 'og:description')).toContain('A body with &quot;quotes&quot; and &lt;b&gt;tags&lt;/b&gt; &amp; ampersands.');
  });

  it('describes a profile by its name and About Me, with a fallback when that is empty', async () => {
    const about = await api.writer.client.patch('/api/me/about', { aboutMe: 'I write <small> stories\nat night.' });
    expect(about.status).toBe(200);
    const html = await page(`/user/${api.writer.uid}`);
    expect(titleOf(html)).toBe('Ada Quill · Drabble');
    expect(meta(html, 'og:type')).toBe('profile');
    expect(meta(html, 'og:title')).toBe('Ada Quill');
    expect(meta(html, 'og:url')).toBe(`${api.server.config.publicUrl}/user/${api.writer.uid}`);
    expect(meta(html, 'description')).toBe('I write &lt;small&gt; stories at night.');

    const quiet = await signUp(api.server, { name: 'Quiet Reader' });
    expect(meta(await page(`/user/${quiet.uid}`), 'og:description')).toBe('Quiet Reader writes ultra-short fiction on Drabble.');

    // By handle (any case, an old one too): the same page, known by its uid's address.
    const handle = (await api.writer.client.get<{ user: { handle: string } }>('/api/me')).body.user.handle;
    for (const url of [`/@${handle}`, `/@${handle.toUpperCase()}/`]) {
      const byHandle = await page(url);
      expect(titleOf(byHandle), url).toBe('Ada Quill · Drabble');
      expect(meta(byHandle, 'og:url'), url).toBe(`${api.server.config.publicUrl}/user/${api.writer.uid}`);
    }
    expect((await api.writer.client.patch('/api/me/handle', { handle: 'ada_quill_again' })).status).toBe(200);
    expect(titleOf(await page(`/@${handle}`))).toBe('Ada Quill · Drabble');
  });

  it('shows nothing of a suspended or deactivated profile, or of its stories, as the API answers 404', async () => {
    const at = new Date().toISOString();
    for (const [state, set] of [['suspended', { suspendedAt: at }], ['deactivated', { deactivatedAt: at }]] as const) {
      const gone = await signUp(api.server, { name: `Gone ${state}` });
      expect((await gone.client.patch('/api/me/about', { aboutMe: `About a ${state} writer` })).status).toBe(200);
      const story = await postStory(gone.client, { public: true, title: `Story of a ${state} writer` });
      await changeAccountState(api.server.ctx, gone.uid, null, (trx) => trx.updateTable('users').set(set).where('uid', '=', gone.uid).execute());
      expect((await api.server.client().get(`/api/users/${gone.uid}`)).status).toBe(404);
      const { handle } = await api.server.ctx.db.selectFrom('users').select('handle').where('uid', '=', gone.uid).executeTakeFirstOrThrow();
      for (const url of [`/user/${gone.uid}`, `/@${handle}`, `/story/${story.id}`]) {
        const html = await page(url);
        expectGeneric(html);
        expect(html, url).not.toContain(`Gone ${state}`);
        expect(html, url).not.toContain(`a ${state} writer`);
      }
    }
  });

  it('gives unknown, malformed and other pages the generic description', async () => {
    for (const url of ['/story/NoSuchStory000000000', '/story/bad%22id', '/story/new', '/user/no-such-user', '/user/%3Cscript%3E', '/community', '/@nobody_at_all', '/@ab', '/@%3Cscript%3E', '/@admin']) {
      expectGeneric(await page(url));
    }
    // The editor is not a page to share.
    const story = await postStory(api.writer.client, { public: true, title: 'Not From The Editor' });
    const editor = await page(`/story/${story.id}/edit`);
    expectGeneric(editor);
  });
});
