import { beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { exportStatusSchema, YOUR_DATA_TEXTS } from '@common/your-data/your-data';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import type { TestClient } from '../../test/client';
import { postStory, type ErrorBody } from '../stories/test-support';
import { block, setMessaging, started, veteran } from '../messages/test-support';
import { makeAdmin, respond, submitRequest } from '../feature-requests/test-support';
import { addPasskey, softwarePasskeyFor } from '../../test/passkey-authenticator';
import { readFrontMatter } from './front-matter';
import { compactDay } from './names';

/** GET /api/export/download as the browser would: the status, the headers and the zip's files. */
async function download(client: TestClient) {
  const res = await client.raw('GET', '/api/export/download');
  const bytes = new Uint8Array(await res.arrayBuffer());
  const files = res.status === 200 ? unzipSync(bytes) : {};
  const text = (name: string) => {
    const file = files[name];
    if (!file) throw new Error(`no ${name} in the export: ${Object.keys(files).join(', ')}`);
    return strFromU8(file);
  };
  return { status: res.status, headers: res.headers, bytes, files, text, json: <T = unknown>(name: string) => JSON.parse(text(name)) as T };
}

const csvRows = (text: string) => Papa.parse<string[]>(text.trim(), { skipEmptyLines: true }).data;

describe.each(testDialects())('export on %s', (dialect) => {
  let ada: SignedUp;
  let bob: SignedUp;

  // Every request reads the account afresh, so a deactivation written to the database counts at once.
  const api = useTestServer(dialect, { env: { SESSION_CACHE_MS: '0' } });
  beforeAll(async () => {
    ada = await veteran(api.server, 'Ada Lovelace');
    bob = await veteran(api.server, 'Bob "Quill", Reader');
  });

  it('answers a zip of everything: stories with front matter, comments with links, people by name, messages, avatar', async () => {
    const dan = await signUp(api.server, { name: '=Dan' });
    const prompt = { genre: 'Mystery', theme: 'Memory', twist: 'The narrator is lying to the reader' } as const;
    const first = await postStory(ada.client, { title: 'Night Train', content: 'The train ran all night.\n\nNobody got off.', public: true, prompt });
    const second = await postStory(ada.client, { title: 'Night Train', content: 'Another night, another train.', public: false, prompt: null });
    const bobs = await postStory(bob.client, { title: 'Harbour Lights', public: true });
    expect((await ada.client.post(`/api/stories/${bobs.id}/comments`, { text: 'Lovely, "truly".' })).status).toBe(201);
    expect((await ada.client.send('PUT', `/api/stories/${bobs.id}/reactions/fire`)).status).toBe(200);
    expect((await ada.client.send('PUT', `/api/favorites/${bobs.id}`)).status).toBe(200);
    expect((await ada.client.send('PUT', `/api/reading-lists/read-later/${bobs.id}`)).status).toBe(200);
    expect((await ada.client.post('/api/me/challenges', { words: 500, days: 7 })).status).toBe(201);
    const series = await ada.client.post<{ series: { id: string } }>('/api/series', { title: 'Trains', description: 'By night.' });
    for (const story of [second, first]) expect((await ada.client.send('PUT', `/api/series/${series.body.series.id}/stories/${story.id}`)).status).toBe(200);
    const anthology = await ada.client.post<{ anthology: { id: string } }>('/api/anthologies', { title: 'Night trains', rules: 'Trains only.', submissions: 'open' });
    expect((await ada.client.send('PUT', `/api/anthologies/${anthology.body.anthology.id}/stories/${first.id}`)).status).toBe(200);
    expect((await ada.client.post(`/api/follows/${bob.uid}`)).status).toBe(200);
    expect((await dan.client.post(`/api/follows/${ada.uid}`)).status).toBe(200);
    const db = api.server.ctx.db;
    const at = new Date().toISOString();
    await db.insertInto('blocks').values({ blockerUid: ada.uid, blockedUid: dan.uid, created_at: at }).execute();
    await db.insertInto('mutes').values({ muterUid: ada.uid, mutedUid: bob.uid, until: '2099-01-01T00:00:00.000Z', created_at: at }).execute();

    await setMessaging(bob, { whoCanMessage: 'everyone' });
    const conversation = await started(ada, bob.uid, 'Hello Bob');
    const conversationId = conversation.conversation.id;
    for (const [who, text] of [[bob, 'Hi Ada'], [bob, 'Oops, wrong chat'], [ada, 'Nothing to see']] as const) {
      expect((await who.client.post(`/api/conversations/${conversationId}/messages`, { text })).status).toBe(201);
    }
    const messages = await db.selectFrom('conversationMessages').select(['id', 'text']).where('conversationId', '=', conversationId).execute();
    const idOf = (text: string) => messages.find((m) => m.text === text)!.id;
    await db.updateTable('conversationMessages').set({ deletedAt: at, text: '' }).where('id', '=', idOf('Oops, wrong chat')).execute();
    await db.insertInto('conversationMessageHides').values({ messageId: idOf('Nothing to see'), uid: ada.uid }).execute();

    const admin = await makeAdmin(api.server, await signUp(api.server, { name: 'Admin' }));
    const request = await submitRequest(ada.client, 'Please add tags');
    await respond(admin.client, request.id, 'Planned for the spring release.');

    const avatar = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3]);
    await api.server.ctx.storage.put(`profileImages/${ada.uid}`, avatar, 'image/webp');
    await db.updateTable('users').set({ profileImage: `/api/images/profile/${ada.uid}?v=x` }).where('uid', '=', ada.uid).execute();

    expect((await addPasskey(ada.client, softwarePasskeyFor(api.server.config.publicUrl), 'Ada’s laptop')).status).toBe(200);
    expect((await ada.client.patch('/api/me/handle', { handle: 'ada_writes' })).status).toBe(200);

    const zip = await download(ada.client);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toBe(`attachment; filename="drabble-ada-lovelace-${compactDay(new Date())}.zip"`);

    const day = first.createdAt.slice(0, 10);
    expect(Object.keys(zip.files).sort()).toEqual(
      [
        'README.txt', 'profile.json', 'avatar.webp', `stories/${day}-night-train.md`, `stories/${day}-night-train-2.md`, 'stories.json',
        'comments.json', 'reactions.json', 'favorites.json', 'reading-lists.json', 'following.csv', 'followers.csv', 'blocks.csv', 'mutes.csv', 'messages.json',
        'feature-requests.json', 'writing-days.json', 'badges.json', 'challenges.json', 'series.json', 'anthologies.json',
      ].sort(),
    );
    expect(zip.text('README.txt')).toContain('messages.json');
    expect(zip.files['avatar.webp']).toEqual(avatar);

    const profile = zip.json<Record<string, unknown>>('profile.json');
    expect(profile).toMatchObject({ name: 'Ada Lovelace', email: ada.email, avatar: 'avatar.webp', link: `${api.server.config.publicUrl}/user/${ada.uid}` });
    // The handle, and the old handles that still lead to them.
    expect(profile).toMatchObject({ handle: 'ada_writes', oldHandles: ['ada_lovelace'] });
    // Two-factor: whether it is on and where the account signed in from, never its secrets.
    expect(profile).toMatchObject({ settings: { twoFactorSignIn: false } });
    expect(profile.signedInFrom).toEqual(expect.arrayContaining([{ browser: expect.any(String), address: expect.any(String), first: expect.any(String) }]));
    // Passkeys: their names and when they were added, never the keys.
    expect(profile.passkeys).toEqual([{ name: 'Ada’s laptop', added: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }]);
    expect(JSON.stringify(profile)).not.toMatch(/backupCodes|secret|publicKey|credential/i);

    const md = readFrontMatter(zip.text(`stories/${day}-night-train.md`));
    expect(md.fields).toEqual({ title: 'Night Train', public: true, prompt, created: first.createdAt, updated: first.updatedAt, wordCount: 8 });
    expect(md.body).toBe('\nThe train ran all night.\n\nNobody got off.\n');
    expect(readFrontMatter(zip.text(`stories/${day}-night-train-2.md`)).fields).toMatchObject({ public: false, prompt: null });

    const stories = zip.json<Array<Record<string, unknown>>>('stories.json');
    expect(stories.map((s) => s.id)).toEqual([first.id, second.id]);
    expect(stories[0]).toMatchObject({ title: 'Night Train', file: `stories/${day}-night-train.md`, text: 'The train ran all night.\n\nNobody got off.' });

    const storyLink = `${api.server.config.publicUrl}/story/${bobs.id}`;
    expect(zip.json('comments.json')).toEqual([{ text: 'Lovely, "truly".', created: expect.any(String), story: { title: 'Harbour Lights', link: storyLink } }]);
    expect(zip.json('reactions.json')).toEqual([{ reaction: 'fire', emoji: '🔥', created: expect.any(String), story: { title: 'Harbour Lights', link: storyLink } }]);
    expect(zip.json('favorites.json')).toEqual([{ added: expect.any(String), story: { title: 'Harbour Lights', author: 'Bob "Quill", Reader', link: storyLink } }]);
    expect(zip.json('reading-lists.json')).toEqual([
      {
        title: 'Read later',
        readLater: true,
        public: false,
        created: expect.any(String),
        entries: [{ added: expect.any(String), note: '', story: { title: 'Harbour Lights', author: 'Bob "Quill", Reader', link: storyLink } }],
      },
    ]);

    const profileOf = (p: SignedUp) => `${api.server.config.publicUrl}/user/${p.uid}`;
    expect(csvRows(zip.text('following.csv'))).toEqual([['name', 'profile', 'since'], ['Bob "Quill", Reader', profileOf(bob), expect.any(String)]]);
    // A name a spreadsheet would run as a formula is written with a leading quote.
    expect(csvRows(zip.text('followers.csv'))).toEqual([['name', 'profile', 'since'], ["'=Dan", profileOf(dan), expect.any(String)]]);
    expect(csvRows(zip.text('blocks.csv'))).toEqual([['name', 'profile', 'since'], ["'=Dan", profileOf(dan), at]]);
    expect(csvRows(zip.text('mutes.csv'))).toEqual([['name', 'profile', 'since', 'until'], ['Bob "Quill", Reader', profileOf(bob), at, '2099-01-01T00:00:00.000Z']]);
    expect(zip.text('following.csv')).toContain('"Bob ""Quill"", Reader"');

    const conversations = zip.json<Array<{ with: string[]; messages: Array<{ from: string; text: string }> }>>('messages.json');
    expect(conversations).toHaveLength(1);
    expect(conversations[0]!.with).toEqual(['Bob "Quill", Reader']);
    expect(conversations[0]!.messages.map((m) => [m.from, m.text])).toEqual([
      ['You', 'Hello Bob'],
      ['Bob "Quill", Reader', 'Hi Ada'],
      ['Bob "Quill", Reader', 'Message deleted'],
    ]);
    expect(zip.text('messages.json')).not.toContain(bob.uid);
    expect(zip.text('messages.json')).not.toContain(bob.email);

    expect(zip.json('feature-requests.json')).toEqual([
      { text: 'Please add tags', status: 'responded', created: expect.any(String), responses: [{ from: 'Drabble team', text: 'Planned for the spring release.', created: expect.any(String) }] },
    ]);
    const words = 8 + 4;
    expect(zip.json('writing-days.json')).toEqual([{ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), words }]);
    expect(zip.json('badges.json')).toEqual([{ badge: 'First story', earned: first.createdAt }]);
    expect(zip.json('series.json')).toEqual([
      {
        title: 'Trains',
        description: 'By night.',
        created: expect.any(String),
        link: `${api.server.config.publicUrl}/series/${series.body.series.id}`,
        stories: [
          { part: 1, title: 'Night Train', link: `${api.server.config.publicUrl}/story/${second.id}` },
          { part: 2, title: 'Night Train', link: `${api.server.config.publicUrl}/story/${first.id}` },
        ],
      },
    ]);
    expect(zip.json('anthologies.json')).toEqual([
      {
        title: 'Night trains',
        description: '',
        rules: 'Trains only.',
        link: `${api.server.config.publicUrl}/anthologies/${anthology.body.anthology.id}`,
        you: 'opened',
        following: false,
        yourStories: [{ title: 'Night Train', link: `${api.server.config.publicUrl}/story/${first.id}`, status: 'accepted' }],
      },
    ]);
    expect(zip.json('challenges.json')).toEqual([{ words: 500, days: 7, from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), givenUp: null }]);
  });

  it('names only stories the reader can read now, and never tells a sender their request was declined', async () => {
    const carol = await veteran(api.server, 'Carol');
    const dave = await signUp(api.server, { name: 'Dave' });
    const eve = await signUp(api.server, { name: 'Eve' });
    const hidden = await postStory(dave.client, { title: 'Harbour Secrets', public: true });
    const blocked = await postStory(eve.client, { title: 'Quiet Fields', public: true });
    const open = await postStory(eve.client, { title: 'Open Sky', public: true });
    for (const [i, story] of [hidden, blocked, open].entries()) {
      expect((await carol.client.post(`/api/stories/${story.id}/comments`, { text: `Comment ${i + 1}` })).status).toBe(201);
      expect((await carol.client.send('PUT', `/api/stories/${story.id}/reactions/heart`)).status).toBe(200);
      expect((await carol.client.send('PUT', `/api/favorites/${story.id}`)).status).toBe(200);
    }
    // Dave renames his story and makes it private; Eve's other story stays readable, but Eve blocks Carol.
    expect((await dave.client.patch(`/api/stories/${hidden.id}`, { title: 'Renamed In Private', public: false })).status).toBe(200);
    expect((await eve.client.patch(`/api/stories/${open.id}`, { title: 'Open Sky, Revised' })).status).toBe(200);

    const frank = await signUp(api.server, { name: 'Frank' });
    await setMessaging(frank, { whoCanMessage: 'everyone' });
    const request = await started(carol, frank.uid, 'Hello Frank');
    expect((await frank.client.post(`/api/conversations/${request.conversation.id}/decline`)).status).toBe(200);

    const zip = await download(carol.client);
    expect(zip.status).toBe(200);
    const gone = { title: null, link: null, note: YOUR_DATA_TEXTS.storyUnavailable };
    const link = `${api.server.config.publicUrl}/story/${open.id}`;
    const byText = (rows: Array<{ text: string }>) => Object.fromEntries(rows.map((r) => [r.text, r]));
    expect(byText(zip.json('comments.json'))).toEqual({
      'Comment 1': { text: 'Comment 1', created: expect.any(String), story: gone },
      'Comment 2': { text: 'Comment 2', created: expect.any(String), story: { title: 'Quiet Fields', link: `${api.server.config.publicUrl}/story/${blocked.id}` } },
      'Comment 3': { text: 'Comment 3', created: expect.any(String), story: { title: 'Open Sky, Revised', link } },
    });
    await block(eve, carol.uid);
    const later = await download(carol.client);
    // (a second export the same day: the limit is reset by hand)
    expect(later.status).toBe(429);
    await api.server.ctx.db.updateTable('users').set({ lastExportAt: null }).where('uid', '=', carol.uid).execute();
    const again = await download(carol.client);
    for (const file of ['comments.json', 'reactions.json', 'favorites.json']) {
      expect(again.text(file), file).not.toContain('Renamed In Private');
      expect(again.text(file), file).not.toContain('Harbour Secrets');
      expect(again.text(file), file).not.toContain('Quiet Fields');
      expect(again.text(file), file).not.toContain('Open Sky');
      expect(again.text(file), file).not.toContain('Dave');
    }
    expect(again.json<Array<{ text: string; story: unknown }>>('comments.json').map((c) => [c.text, c.story])).toEqual([['Comment 1', gone], ['Comment 2', gone], ['Comment 3', gone]]);
    expect(again.json<Array<{ story: unknown }>>('reactions.json').map((r) => r.story)).toEqual([gone, gone, gone]);
    expect(again.json<Array<{ story: unknown }>>('favorites.json').map((f) => f.story)).toEqual([gone, gone, gone]);
    const conversations = again.json<Array<{ with: string[]; status: string }>>('messages.json');
    expect(conversations).toEqual([expect.objectContaining({ with: ['Frank'], status: 'pending' })]);
    expect(again.text('messages.json')).not.toContain('declined');
  });

  it('allows one export per 24 hours: of a burst exactly one succeeds; the day after it is open again', async () => {
    const writer = await signUp(api.server, { name: 'Burst' });
    await postStory(writer.client);
    const before = exportStatusSchema.parse((await writer.client.get('/api/export')).body);
    expect(before).toEqual({ lastExportAt: null, nextExportAt: null });

    const burst = await Promise.all(Array.from({ length: 8 }, () => download(writer.client)));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = burst.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.status)).toEqual(Array(7).fill(429));
    const body = JSON.parse(new TextDecoder().decode(refused[0]!.bytes)) as ErrorBody;
    expect(body.error.message).toBe(YOUR_DATA_TEXTS.exportTooSoon);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);

    const after = exportStatusSchema.parse((await writer.client.get('/api/export')).body);
    expect(after.lastExportAt).not.toBeNull();
    expect(Date.parse(after.nextExportAt!) - Date.parse(after.lastExportAt!)).toBe(24 * 60 * 60 * 1000);

    // A day later: open again.
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000).toISOString();
    await api.server.ctx.db.updateTable('users').set({ lastExportAt: dayAgo }).where('uid', '=', writer.uid).execute();
    expect(exportStatusSchema.parse((await writer.client.get('/api/export')).body).nextExportAt).toBeNull();
    expect((await download(writer.client)).status).toBe(200);
  });

  it('lets a deactivated account export (the deletion email links here); refuses guests, HEAD and other sites spend nothing', async () => {
    const leaving = await signUp(api.server, { name: 'Leaving' });
    await postStory(leaving.client, { title: 'Last words' });
    const at = new Date().toISOString();
    await api.server.ctx.db
      .updateTable('users')
      .set({ deactivatedAt: at, deleteAfter: new Date(Date.now() + 30 * 86_400_000).toISOString() })
      .where('uid', '=', leaving.uid)
      .execute();
    expect((await leaving.client.post('/api/stories', { title: 'x', content: 'y' })).status).toBe(403);
    expect((await leaving.client.get('/api/export')).status).toBe(200);
    const zip = await download(leaving.client);
    expect(zip.status).toBe(200);
    expect(Object.keys(zip.files).some((f) => f.endsWith('-last-words.md'))).toBe(true);

    // Neither a HEAD nor a link from another site spends the day's export.
    const other = await signUp(api.server, { name: 'Careful' });
    expect((await other.client.raw('HEAD', '/api/export/download')).status).toBe(200);
    const crossSite = await other.client.raw('GET', '/api/export/download', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect(exportStatusSchema.parse((await other.client.get('/api/export')).body).lastExportAt).toBeNull();
    expect((await other.client.raw('GET', '/api/export/download', { headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(200);

    const guest = api.server.client();
    expect((await guest.get('/api/export')).status).toBe(401);
    expect((await guest.get('/api/export/download')).status).toBe(401);
  });

  it('gives an empty account every file, and an ASCII file name', async () => {
    const quiet = await signUp(api.server, { name: 'Ümlaut Ñame' });
    const zip = await download(quiet.client);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-disposition')).toContain('filename="drabble-umlaut-name-');
    expect(zip.json('stories.json')).toEqual([]);
    expect(csvRows(zip.text('blocks.csv'))).toEqual([['name', 'profile', 'since']]);
    expect(zip.files['avatar.webp']).toBeUndefined();
  });
});
