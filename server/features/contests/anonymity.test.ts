import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { strFromU8, unzipSync } from 'fflate';
import { CONTEST_TEXTS } from '@common/contests/contests';
import type { AppEnv } from '../../context';
import { mountWebApp } from '../../static';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { ADMIN_EMAIL, signUp, signUpVerified, type SignedUp } from '../../test/server';
import type { TestClient } from '../../test/client';
import { openEventStream } from '../../test/sse';
import { latestId, recordUserEvents, until, type EventStream } from '../../test/events';
import { ROUTES, PARAMS, type Pool } from '../../test/fuzz/routes';
import { Random } from '../../test/fuzz/random';
import { ageAccount, enter, moveContest, newContest, postDrabble, revealClosedContests, windowsFor } from './test-support';
import { sharedPages } from '../previews';

/**
 * the anonymity test: while a contest is open for entries and for votes, nothing another
 * reader (or a guest) can reach ties an entry to its author. Every GET route of the API (the
 * fuzz test's list, server/test/fuzz/routes.ts), the link-preview HTML, the Atom feeds and the
 * sitemap, the live stream, the reader's notifications and their data export are read; none may
 * name the entry (its id or title) together with its author (name, uid or picture).
 */
describe.each(testDialects())('an anonymous contest entry on %s', (dialect) => {
  let webDir: string;
  const web = new Hono<AppEnv>();
  let admin: SignedUp;
  let author: SignedUp;
  let reader: SignedUp;
  let rival: SignedUp;
  const NAME = 'Zephyrine Quillfeather';
  const IMAGE = '/api/images/zephyrine-portrait-7f3a.webp';

  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '10000' } });
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-contest-previews-'));
    fs.copyFileSync(path.join(import.meta.dirname, '../../../web/index.html'), path.join(webDir, 'index.html'));
    mountWebApp(web, webDir, sharedPages(api.server.ctx));
    admin = await signUpVerified(api.server, { email: ADMIN_EMAIL, name: 'The Owner' });
    author = await signUp(api.server, { name: NAME });
    reader = await signUp(api.server, { name: 'Rhea Reader' });
    rival = await signUp(api.server, { name: 'Rival Writer' });
    for (const who of [author, reader, rival]) await ageAccount(api.server, who);
    await api.server.ctx.db.updateTable('users').set({ profileImage: IMAGE }).where('uid', '=', author.uid).execute();
    // The reader follows the author: their feed, their notifications.
    expect((await reader.client.post(`/api/follows/${author.uid}`)).status).toBe(200);
  });
  afterAll(async () => {
    fs.rmSync(webDir, { recursive: true, force: true });
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
    const urls: string[] = [];
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
      urls.push(url, ...(query.length ? [`${url}?${query.join('&')}`] : []));
    }
    urls.push(`/api/stories/community?author=${ids.uid}`, `/api/stories/community?q=${encodeURIComponent('the')}`, `/community/feed.atom`, `/user/${ids.uid}/feed.atom`, '/sitemap.xml');
    const answers: Array<{ url: string; status: number; text: string }> = [];
    for (const url of urls) {
      const res = await client.raw('GET', url);
      answers.push({ url, status: res.status, text: await res.text() });
    }
    // The link previews (Open Graph) of the story page and the author's profile.
    for (const page of [`/story/${ids.story}`, `/user/${ids.uid}`]) {
      const res = await web.request(page);
      answers.push({ url: `html ${page}`, status: res.status, text: await res.text() });
    }
    return answers;
  }

  /**
   * A contest open for entries, the author's entry (titled `title`, so no other test's entry is
   * taken for it) and a rival's in it, favourited by the reader (their favourites list, their export).
   */
  async function contestWithEntry(title: string) {
    const contest = await newContest(admin);
    const story = await postDrabble(author, { title });
    await enter(author, contest, story.id);
    const rivalStory = await postDrabble(rival);
    await enter(rival, contest, rivalStory.id);
    expect((await reader.client.send('PUT', `/api/favorites/${story.id}`)).status).toBe(200);
    return { contest, entry: { id: story.id, title: story.title }, ids: { story: story.id, uid: author.uid, contest } };
  }

  /** Into the voting window, the reader voting for the entry (their votes name it). */
  async function openVoting(contest: string, storyId: string) {
    await moveContest(api.server, contest, windowsFor('voting'));
    expect((await reader.client.send('PUT', `/api/contests/${contest}/votes/${storyId}`)).status).toBe(200);
  }

  /**
   * Resolves once `stream` has everything recorded so far: an event recorded now on its owner's
   * own topic has arrived, and a stream sends its events in the order they were recorded.
   */
  async function caughtUp(stream: EventStream, owner: SignedUp) {
    await recordUserEvents(api.server, owner.uid, 1);
    const recorded = await latestId(api.server);
    await until(() => stream.received.some((m) => Number(m.id) >= recorded), `event ${recorded} reached ${owner.uid}'s stream`, 10_000);
  }

  // One test per window and reader (each about a hundred reads), with a contest of its own.
  const readersAndWindows = (['entry', 'voting'] as const).flatMap((phase) => (['follower', 'guest', 'rival'] as const).map((who) => [who, phase] as const));
  it.each(readersAndWindows)('names no author in any answer to a %s while the contest is open for %s', async (who, phase) => {
    const { contest, entry, ids } = await contestWithEntry(`The Lamplighter of Quiet Street (${phase}, ${who})`);
    if (phase === 'voting') await openVoting(contest, entry.id);
    const client = { follower: reader.client, guest: api.server.client(), rival: rival.client }[who];
    const answers = await readEverything(client, ids);
    const leaked = answers.filter((a) => leaks(a.text, entry)).map((a) => `${a.url} (${a.status})`);
    expect(leaked).toEqual([]);
    // The contest page and the story page did show the entry itself (the test reads real answers).
    expect(answers.find((a) => a.url === `/api/contests/${contest}`)?.text).toContain(entry.title);
    expect(answers.find((a) => a.url === `/api/stories/${entry.id}`)?.text).toContain('Anonymous entrant');
  });

  it('names no author on the live streams, in the follower\'s notifications or in their data export, and lets them neither react nor comment', async () => {
    // Guests have no live stream at all.
    expect((await openEventStream(api.server.client(), undefined, { watch: 'community' })).status).toBe(401);
    const community = await openEventStream(reader.client, undefined, { watch: 'community' });
    const rivals = await openEventStream(rival.client, undefined, { watch: 'community' });
    const { contest, entry } = await contestWithEntry('The Lamplighter of Quiet Street (live)');
    // No one watches the entry's own page live: its topic's events name the story's writer, and
    // the stream refuses it as it does a story on no list of the reader's (the page falls back to
    // the reader's own events).
    const watching = await openEventStream(reader.client, undefined, { watch: `story:${entry.id}` });
    expect(watching.status).toBe(404);
    const streams = [[community, reader], [rivals, rival]] as const;
    expect(streams.map(([stream]) => stream.status)).toEqual([200, 200]);

    // The reader may favourite it (contestWithEntry did), but neither react nor comment until the reveal.
    const reaction = await reader.client.send<{ error: { message: string } }>('PUT', `/api/stories/${entry.id}/reactions/heart`);
    expect([reaction.status, reaction.body.error.message]).toEqual([403, CONTEST_TEXTS.closedForComments]);
    const comment = await reader.client.post<{ error: { message: string } }>(`/api/stories/${entry.id}/comments`, { text: 'Who wrote this?' });
    expect([comment.status, comment.body.error.message]).toEqual([403, CONTEST_TEXTS.closedForComments]);
    await openVoting(contest, entry.id);

    // From the entry on, nothing on the live streams names the author at all.
    for (const [stream, owner] of streams) {
      await caughtUp(stream, owner);
      expect(stream.received.filter((m) => leaks(`${m.data} ${entry.id}`, entry))).toEqual([]);
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
  });

  it('names the author on the results, the story page and its link preview after the reveal', async () => {
    const { contest, entry } = await contestWithEntry('The Lamplighter of Quiet Street (revealed)');
    await openVoting(contest, entry.id);
    await moveContest(api.server, contest, windowsFor('closed'));
    await revealClosedContests(api.server);
    const guest = api.server.client();
    const results = await guest.get<{ entries: Array<{ storyId: string; author: { uid: string } | null }> }>(`/api/contests/${contest}`);
    expect(results.body.entries.find((e) => e.storyId === entry.id)?.author?.uid).toBe(author.uid);
    const revealed = await guest.get<{ story: { uid: string; authorDisplayName: string } }>(`/api/stories/${entry.id}`);
    expect(revealed.body.story).toMatchObject({ uid: author.uid, authorDisplayName: NAME });
    const html = await (await web.request(`/story/${entry.id}`)).text();
    expect(html).toContain(NAME);
  });
});
