import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { strFromU8, unzipSync } from 'fflate';
import { CONTEST_TEXTS } from '@common/contests';
import type { AppEnv } from '../../context';
import { mountWebApp } from '../../static';
import { testDialects } from '../../test/databases';
import { ADMIN_EMAIL, signUp, signUpVerified, startTestServer, type SignedUp, type TestServer } from '../../test/server';
import type { TestClient } from '../../test/client';
import { openEventStream } from '../../test/sse';
import { ROUTES, PARAMS, type Pool } from '../../test/fuzz/routes';
import { Random } from '../../test/fuzz/random';
import { ageAccount, enter, moveContest, newContest, postDrabble, windowsFor } from '../../test/features/contests';
import { sharedPages } from '../previews';

/**
 * Issue 28's anonymity test: while a contest is open for entries and for votes, nothing another
 * reader (or a guest) can reach ties an entry to its author. Every GET route of the API (the
 * fuzz test's list, server/test/fuzz/routes.ts), the link-preview HTML, the Atom feeds and the
 * sitemap, the live stream, the reader's notifications and their data export are read; none may
 * name the entry (its id or title) together with its author (name, uid or picture).
 */
describe.each(testDialects())('an anonymous contest entry on %s', (dialect) => {
  let server: TestServer;
  let webDir: string;
  const web = new Hono<AppEnv>();
  let admin: SignedUp;
  let author: SignedUp;
  let reader: SignedUp;
  let rival: SignedUp;
  const NAME = 'Zephyrine Quillfeather';
  const IMAGE = '/api/images/zephyrine-portrait-7f3a.webp';

  beforeAll(async () => {
    server = await startTestServer(dialect, { SIGNUP_RATE_LIMIT: '10000' });
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-contest-previews-'));
    fs.copyFileSync(path.join(import.meta.dirname, '../../../web/index.html'), path.join(webDir, 'index.html'));
    mountWebApp(web, webDir, sharedPages(server.ctx));
    admin = await signUpVerified(server, { email: ADMIN_EMAIL, name: 'The Owner' });
    author = await signUp(server, { name: NAME });
    reader = await signUp(server, { name: 'Rhea Reader' });
    rival = await signUp(server, { name: 'Rival Writer' });
    for (const who of [author, reader, rival]) await ageAccount(server, who);
    await server.ctx.db.updateTable('users').set({ profileImage: IMAGE }).where('uid', '=', author.uid).execute();
  });
  afterAll(async () => {
    fs.rmSync(webDir, { recursive: true, force: true });
    await server.stop();
  });

  /** Whether a text ties the entry to its author: names both. */
  function leaks(text: string, entry: { id: string; title: string }): boolean {
    const namesEntry = text.includes(entry.id) || text.includes(entry.title);
    const namesAuthor = text.includes(author.uid) || text.includes(NAME) || text.includes(IMAGE);
    return namesEntry && namesAuthor;
  }

  /** Every GET route of the API, with the entry, its author and the contest as the parameters. */
  async function readEverything(client: TestClient, ids: { story: string; uid: string; contest: string }) {
    // The entry, its author and a name that is nobody's for everything else.
    const none = ['missing0000000000000'];
    const pool: Pool = {
      storyIds: [ids.story],
      commentIds: none,
      uids: [ids.uid],
      emails: ['nobody@example.com'],
      featureRequestIds: none,
      conversationIds: none,
      messageIds: none,
      notificationIds: none,
      greetingIds: none,
      victimUids: none,
      caseIds: none,
      versionIds: none,
    };
    const answers: Array<{ url: string; status: number; text: string }> = [];
    const routes = ROUTES.filter((r) => r.method === 'GET' && !r.stream && !r.daily);
    expect(routes.length).toBeGreaterThan(40);
    for (const [i, route] of routes.entries()) {
      const r = new Random(28, i);
      const url = route.path.replace(/:(\w+)/g, (_, name: string) => {
        if (name in ids) return ids[name as keyof typeof ids];
        return encodeURIComponent(String(PARAMS[name]?.(r, pool) ?? 'x'));
      });
      const query = Object.entries(route.query ?? {})
        .filter(([key]) => key !== 'cursor')
        .map(([key, gen]) => `${key}=${encodeURIComponent(String(gen(r, pool)))}`);
      // Lists filtered by the writer too (community ?author=, search): the likeliest place to tie the two.
      const variants = [url, ...(query.length ? [`${url}?${query.join('&')}`] : [])];
      for (const variant of variants) {
        const res = await client.raw('GET', variant);
        answers.push({ url: variant, status: res.status, text: await res.text() });
      }
    }
    for (const extra of [`/api/stories/community?author=${ids.uid}`, `/api/stories/community?q=${encodeURIComponent('the')}`, `/community/feed.atom`, `/user/${ids.uid}/feed.atom`, '/sitemap.xml']) {
      const res = await client.raw('GET', extra);
      answers.push({ url: extra, status: res.status, text: await res.text() });
    }
    // The link previews (Open Graph) of the story page and the author's profile.
    for (const page of [`/story/${ids.story}`, `/user/${ids.uid}`]) {
      const res = await web.request(page);
      answers.push({ url: `html ${page}`, status: res.status, text: await res.text() });
    }
    return answers;
  }

  it('names no author anywhere during the entry and voting windows, and everyone after the reveal', async () => {
    const contest = await newContest(admin);
    const guest = server.client();
    // The reader follows the author (their feed, their notifications); the author writes for the contest and enters.
    expect((await reader.client.post(`/api/follows/${author.uid}`)).status).toBe(200);
    const streams = [await openEventStream(reader.client, undefined, { watch: 'community' }), await openEventStream(guest, undefined, { watch: 'community' })];
    const story = await postDrabble(author, { title: 'The Lamplighter of Quiet Street' });
    await enter(author, contest, story.id);
    const rivalStory = await postDrabble(rival);
    await enter(rival, contest, rivalStory.id);
    const entry = { id: story.id, title: story.title };
    const watching = await openEventStream(reader.client, undefined, { watch: `story:${story.id}` });
    streams.push(watching);

    // The reader may favourite it, but neither react nor comment until the reveal.
    expect((await reader.client.send('PUT', `/api/favorites/${story.id}`)).status).toBe(200);
    const reaction = await reader.client.send<{ error: { message: string } }>('PUT', `/api/stories/${story.id}/reactions/heart`);
    expect([reaction.status, reaction.body.error.message]).toEqual([403, CONTEST_TEXTS.closedForComments]);
    const comment = await reader.client.post<{ error: { message: string } }>(`/api/stories/${story.id}/comments`, { text: 'Who wrote this?' });
    expect([comment.status, comment.body.error.message]).toEqual([403, CONTEST_TEXTS.closedForComments]);

    const ids = { story: story.id, uid: author.uid, contest };
    for (const phase of ['entry', 'voting'] as const) {
      if (phase === 'voting') {
        await moveContest(server, contest, windowsFor('voting'));
        expect((await reader.client.send('PUT', `/api/contests/${contest}/votes/${story.id}`)).status).toBe(200);
      }
      for (const [who, client] of [['reader', reader.client], ['guest', guest], ['rival', rival.client]] as const) {
        const answers = await readEverything(client, ids);
        const leaked = answers.filter((a) => leaks(a.text, entry)).map((a) => `${who} ${phase}: ${a.url} (${a.status})`);
        expect(leaked).toEqual([]);
        // The contest page and the story page did show the entry itself (the test reads real answers).
        expect(answers.find((a) => a.url === `/api/contests/${contest}`)?.text).toContain(entry.title);
        expect(answers.find((a) => a.url === `/api/stories/${story.id}`)?.text).toContain('Anonymous entrant');
      }
    }
    // The live streams and the reader's notifications.
    // From the entry on, nothing on the live streams names the author at all.
    for (const stream of streams) {
      expect(stream.received.filter((m) => leaks(`${m.data} ${story.id}`, entry))).toEqual([]);
      stream.close();
    }
    const notifications = await reader.client.get<unknown>('/api/notifications');
    expect(leaks(JSON.stringify(notifications.body), entry) || JSON.stringify(notifications.body).includes(author.uid)).toBe(false);
    // The reader's data export (their favourites name the story).
    const exported = await reader.client.raw('GET', '/api/export/download');
    expect(exported.status).toBe(200);
    const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    const leakingFiles = Object.entries(files).filter(([, bytes]) => leaks(strFromU8(bytes), entry)).map(([name]) => name);
    expect(leakingFiles).toEqual([]);

    // After the reveal the author is named on the results and the story page.
    await moveContest(server, contest, windowsFor('closed'));
    const results = await guest.get<{ entries: Array<{ storyId: string; author: { uid: string } | null }> }>(`/api/contests/${contest}`);
    expect(results.body.entries.find((e) => e.storyId === story.id)?.author?.uid).toBe(author.uid);
    const revealed = await guest.get<{ story: { uid: string; authorDisplayName: string } }>(`/api/stories/${story.id}`);
    expect(revealed.body.story).toMatchObject({ uid: author.uid, authorDisplayName: NAME });
    const html = await (await web.request(`/story/${story.id}`)).text();
    expect(html).toContain(NAME);
  });
});
