import { describe, expect, it } from 'vitest';
import { READING_LIST_ENTRIES_MAX, READING_LIST_NOTE_MAX, READING_LISTS_MAX } from '@common/shared/limits';
import {
  READING_LIST_TEXTS,
  readingListEntryAnswerSchema,
  readingListPageSchema,
  readingListResponseSchema,
  readingListsResponseSchema,
  storyListsResponseSchema,
  type ReadingList,
} from '@common/reading-lists/reading-lists';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import type { TestClient } from '../../test/client';
import { postStory, type ErrorBody } from '../stories/test-support';
import { deleteAccountNow } from '../account-deletion';

describe.each(testDialects())('reading lists on %s', (dialect) => {
  const api = useTestServer(dialect, { people: ['ada', 'bob'] });

  const listsOf = async (client: TestClient) => readingListsResponseSchema.parse((await client.get('/api/reading-lists')).body);
  const readLaterOf = async (client: TestClient) => (await listsOf(client)).lists.find((l) => l.readLater)!;
  const create = async (client: TestClient, title: string, isPublic = false): Promise<ReadingList> => {
    const res = await client.post('/api/reading-lists', { title, public: isPublic });
    expect(res.status).toBe(201);
    return readingListResponseSchema.parse(res.body).list;
  };
  const ids = async (client: TestClient, listId: string, query = '') => {
    const res = await client.get(`/api/reading-lists/${listId}${query}`);
    expect(res.status).toBe(200);
    return readingListPageSchema.parse(res.body).entries.map((e) => e.story.id);
  };
  const add = (who: SignedUp, listId: string, storyId: string, note?: string) =>
    who.client.send<ErrorBody>('PUT', `/api/reading-lists/${listId}/entries/${storyId}`, note === undefined ? undefined : { note });
  const db = () => api.server.ctx.db;

  it('gives every reader one Read later, made on first use (once under a burst), that cannot be deleted or renamed', async () => {
    const reader = await signUp(api.server);
    const story = await postStory(api.ada.client, { public: true });
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => reader.client.send('PUT', `/api/reading-lists/read-later/${story.id}`)),
      ...Array.from({ length: 6 }, () => reader.client.get('/api/reading-lists')),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 12 }, () => 200));
    const made = await db().selectFrom('readingLists').selectAll().where('uid', '=', reader.uid).execute();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ readLater: 1, title: 'Read later', public: 0 });
    const mine = await listsOf(reader.client);
    expect(mine.lists.map((l) => [l.title, l.readLater, l.entriesCount])).toEqual([['Read later', true, 1]]);
    expect(mine.lists[0]!.permissions).toEqual({ edit: true, rename: false, changeVisibility: true, delete: false });
    expect(mine.permissions.create).toBe(true);
    expect(await ids(reader.client, made[0]!.id)).toEqual([story.id]);

    const refused = await reader.client.send<ErrorBody>('DELETE', `/api/reading-lists/${made[0]!.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(READING_LIST_TEXTS.readLaterKept);
    const renamed = await reader.client.send<ErrorBody>('PATCH', `/api/reading-lists/${made[0]!.id}`, { title: 'Later' });
    expect(renamed.status).toBe(403);
    expect((await readLaterOf(reader.client)).title).toBe('Read later');
  });

  it('creates, renames, shares and deletes named lists, only by their owner', async () => {
    const reader = await signUp(api.server);
    const list = await create(reader.client, '  Sea stories  ');
    expect(list).toMatchObject({ title: 'Sea stories', public: false, readLater: false, entriesCount: 0, permissions: { edit: true, rename: true, changeVisibility: true, delete: true } });
    const renamed = await reader.client.patch(`/api/reading-lists/${list.id}`, { title: 'Harbour tales', public: true });
    expect(renamed.status).toBe(200);
    expect(readingListResponseSchema.parse(renamed.body).list).toMatchObject({ title: 'Harbour tales', public: true });
    expect((await listsOf(reader.client)).lists.map((l) => l.title)).toEqual(['Read later', 'Harbour tales']);

    // Someone else reads the public list but changes nothing in it.
    const seen = readingListPageSchema.parse((await api.bob.client.get(`/api/reading-lists/${list.id}`)).body).list;
    expect(seen.permissions).toEqual({ edit: false, rename: false, changeVisibility: false, delete: false });
    expect((await api.bob.client.patch(`/api/reading-lists/${list.id}`, { title: 'Mine now' })).status).toBe(403);
    expect((await api.bob.client.send('DELETE', `/api/reading-lists/${list.id}`)).status).toBe(403);
    const story = await postStory(api.ada.client, { public: true });
    expect((await add(api.bob, list.id, story.id)).status).toBe(403);

    expect((await reader.client.send('DELETE', `/api/reading-lists/${list.id}`)).status).toBe(204);
    expect((await reader.client.get(`/api/reading-lists/${list.id}`)).status).toBe(404);
    expect((await listsOf(reader.client)).lists.map((l) => l.title)).toEqual(['Read later']);
  });

  it('keeps a private list 404 to everyone but its owner, and asks guests to sign in to change anything', async () => {
    const reader = await signUp(api.server);
    const list = await create(reader.client, 'Secret shelf');
    const guest = api.server.client();
    for (const client of [api.bob.client, guest]) {
      const res = await client.get<ErrorBody>(`/api/reading-lists/${list.id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(READING_LIST_TEXTS.notFound);
    }
    expect((await api.bob.client.patch(`/api/reading-lists/${list.id}`, { public: true })).status).toBe(404);
    expect((await api.bob.client.send('DELETE', `/api/reading-lists/${list.id}`)).status).toBe(404);
    const story = await postStory(api.ada.client, { public: true });
    expect((await add(api.bob, list.id, story.id)).status).toBe(404);
    expect((await api.bob.client.send('DELETE', `/api/reading-lists/${list.id}/entries/${story.id}`)).status).toBe(404);

    for (const [method, path] of [
      ['GET', '/api/reading-lists'],
      ['POST', '/api/reading-lists'],
      ['GET', `/api/reading-lists/story/${story.id}`],
      ['PUT', `/api/reading-lists/read-later/${story.id}`],
      ['PATCH', `/api/reading-lists/${list.id}`],
      ['DELETE', `/api/reading-lists/${list.id}`],
      ['PUT', `/api/reading-lists/${list.id}/entries/${story.id}`],
      ['DELETE', `/api/reading-lists/${list.id}/entries/${story.id}`],
    ] as const) {
      expect((await guest.send(method, path, method === 'POST' || method === 'PATCH' ? { title: 'x' } : undefined)).status, `${method} ${path}`).toBe(401);
    }
    // A public list is open to guests too.
    await reader.client.patch(`/api/reading-lists/${list.id}`, { public: true });
    expect((await guest.get(`/api/reading-lists/${list.id}`)).status).toBe(200);
  });

  it('adds stories with notes of up to 300 characters; a longer one is a 400 that changes nothing', async () => {
    const reader = await signUp(api.server);
    const list = await create(reader.client, 'With notes');
    const story = await postStory(api.ada.client, { public: true });
    const added = await add(reader, list.id, story.id, '  Read on the train.  ');
    expect(added.status).toBe(200);
    expect(readingListEntryAnswerSchema.parse(added.body)).toMatchObject({ listId: list.id, storyId: story.id, note: 'Read on the train.' });

    const tooLong = await add(reader, list.id, story.id, 'x'.repeat(READING_LIST_NOTE_MAX + 1));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toEqual({ code: 'validation_failed', message: `note: ${READING_LIST_TEXTS.noteTooLong}` });
    const full = 'y'.repeat(READING_LIST_NOTE_MAX);
    const page = async () => readingListPageSchema.parse((await reader.client.get(`/api/reading-lists/${list.id}`)).body).entries;
    expect((await page()).map((e) => e.note)).toEqual(['Read on the train.']);
    expect((await add(reader, list.id, story.id, full)).status).toBe(200);
    // Adding again without a note keeps it; an empty note clears it.
    expect((await add(reader, list.id, story.id)).status).toBe(200);
    expect((await page()).map((e) => e.note)).toEqual([full]);
    expect((await add(reader, list.id, story.id, '')).status).toBe(200);
    expect((await page()).map((e) => e.note)).toEqual(['']);

    // The bookmark's menu says which lists hold the story.
    const menu = storyListsResponseSchema.parse((await reader.client.get(`/api/reading-lists/story/${story.id}`)).body);
    expect(menu.lists.map((l) => [l.title, l.has])).toEqual([['Read later', false], ['With notes', true]]);

    expect((await reader.client.send('DELETE', `/api/reading-lists/${list.id}/entries/${story.id}`)).status).toBe(204);
    expect((await reader.client.send('DELETE', `/api/reading-lists/${list.id}/entries/${story.id}`)).status).toBe(204);
    expect(await page()).toEqual([]);
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const reader = await signUp(api.server);
    const list = await create(reader.client, 'Tidy');
    const story = await postStory(api.ada.client, { public: true });
    const bad: Array<[string, string, unknown, number]> = [
      ['POST', '/api/reading-lists', { title: '' }, 400],
      ['POST', '/api/reading-lists', { title: 'x'.repeat(61) }, 400],
      ['POST', '/api/reading-lists', { title: 'Bell\u0007' }, 400],
      ['POST', '/api/reading-lists', { title: 'Fine', public: 'yes' }, 400],
      ['POST', '/api/reading-lists', { title: 'Fine', extra: 1 }, 400],
      ['POST', '/api/reading-lists', [], 400],
      ['PATCH', `/api/reading-lists/${list.id}`, {}, 400],
      ['PATCH', `/api/reading-lists/${list.id}`, { title: 42 }, 400],
      ['PUT', `/api/reading-lists/${list.id}/entries/${story.id}`, { note: 7 }, 400],
      ['PUT', `/api/reading-lists/${list.id}/entries/${story.id}`, { note: 'a\u0000b' }, 400],
      ['PUT', `/api/reading-lists/${list.id}/entries/missing000000000000`, undefined, 404],
      ['PUT', `/api/reading-lists/bad-id!/entries/${story.id}`, undefined, 404],
      ['PUT', '/api/reading-lists/read-later/missing000000000000', undefined, 404],
      ['GET', '/api/reading-lists/missing000000000000', undefined, 404],
      ['GET', `/api/reading-lists/${list.id}?limit=0`, undefined, 400],
      ['GET', `/api/reading-lists/${list.id}?cursor=bm9wZQ`, undefined, 400],
      ['GET', '/api/reading-lists/story/missing000000000000', undefined, 404],
    ];
    for (const [method, path, body, status] of bad) {
      const res = await reader.client.send<ErrorBody>(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      expect(res.body.error.message).toEqual(expect.any(String));
    }
    expect((await listsOf(reader.client)).lists.map((l) => [l.title, l.entriesCount])).toEqual([['Read later', 0], ['Tidy', 0]]);
  });

  it('shows only what the viewer may still read: stories made private, hidden or blocked leave quietly and come back', async () => {
    const reader = await signUp(api.server);
    const writer = await signUp(api.server);
    const list = await create(reader.client, 'Watched');
    const first = await postStory(writer.client, { public: true });
    const second = await postStory(api.ada.client, { public: true });
    const third = await postStory(api.bob.client, { public: true });
    for (const s of [first, second, third]) expect((await add(reader, list.id, s.id)).status).toBe(200);
    const all = [third.id, second.id, first.id];
    expect(await ids(reader.client, list.id)).toEqual(all);

    // Made private, then public again.
    await writer.client.patch(`/api/stories/${first.id}/visibility`, { public: false });
    expect(await ids(reader.client, list.id)).toEqual([third.id, second.id]);
    expect((await listsOf(reader.client)).lists.find((l) => l.id === list.id)!.entriesCount).toBe(2);
    await writer.client.patch(`/api/stories/${first.id}/visibility`, { public: true });
    expect(await ids(reader.client, list.id)).toEqual(all);

    // Its writer suspended (their stories hidden), then back.
    await db().updateTable('stories').set({ authorState: 2 }).where('uid', '=', writer.uid).execute();
    expect(await ids(reader.client, list.id)).toEqual([third.id, second.id]);
    await db().updateTable('stories').set({ authorState: 0 }).where('uid', '=', writer.uid).execute();
    expect(await ids(reader.client, list.id)).toEqual(all);

    // The reader blocks a writer, then unblocks; a writer who blocks the reader hides theirs too.
    expect((await reader.client.send('POST', `/api/blocks/${writer.uid}`)).status).toBeLessThan(300);
    expect(await ids(reader.client, list.id)).toEqual([third.id, second.id]);
    expect((await reader.client.send('DELETE', `/api/blocks/${writer.uid}`)).status).toBeLessThan(300);
    expect(await ids(reader.client, list.id)).toEqual(all);
    expect((await writer.client.send('POST', `/api/blocks/${reader.uid}`)).status).toBeLessThan(300);
    expect(await ids(reader.client, list.id)).toEqual([third.id, second.id]);
    // A story the reader may not read cannot be added either.
    const hidden = await postStory(writer.client, { public: true });
    expect((await add(reader, list.id, hidden.id)).status).toBe(404);
    expect((await writer.client.send('DELETE', `/api/blocks/${reader.uid}`)).status).toBeLessThan(300);
    expect(await ids(reader.client, list.id)).toEqual(all);

    // A deleted story leaves the list for good.
    expect((await api.bob.client.send('DELETE', `/api/stories/${third.id}`)).status).toBeLessThan(300);
    expect(await ids(reader.client, list.id)).toEqual([second.id, first.id]);
    expect(await db().selectFrom('readingListEntries').select('storyId').where('storyId', '=', third.id).execute()).toEqual([]);
  });

  it('shows another viewer of a public list only what they may read', async () => {
    const owner = await signUp(api.server);
    const list = await create(owner.client, 'Recommended', true);
    const own = await postStory(owner.client, { public: false });
    const adas = await postStory(api.ada.client, { public: true });
    const bobs = await postStory(api.bob.client, { public: true });
    for (const s of [own, adas, bobs]) expect((await add(owner, list.id, s.id)).status).toBe(200);
    expect(await ids(owner.client, list.id)).toEqual([bobs.id, adas.id, own.id]);

    // The owner's private story is theirs alone; Ada blocks Bob, so Bob's story is not on Ada's view.
    expect((await api.ada.client.send('POST', `/api/blocks/${api.bob.uid}`)).status).toBeLessThan(300);
    try {
      expect(await ids(api.ada.client, list.id)).toEqual([adas.id]);
      expect(await ids(api.bob.client, list.id)).toEqual([bobs.id]);
      expect(await ids(api.server.client(), list.id)).toEqual([bobs.id, adas.id]);
      const seen = readingListPageSchema.parse((await api.ada.client.get(`/api/reading-lists/${list.id}`)).body).list;
      expect(seen.entriesCount).toBe(1);
    } finally {
      await api.ada.client.send('DELETE', `/api/blocks/${api.bob.uid}`);
    }
    // A list whose owner blocks the viewer, or whose owner is suspended, is missing to others.
    expect((await owner.client.send('POST', `/api/blocks/${api.bob.uid}`)).status).toBeLessThan(300);
    expect((await api.bob.client.get(`/api/reading-lists/${list.id}`)).status).toBe(404);
    await db().updateTable('users').set({ suspendedAt: new Date().toISOString() }).where('uid', '=', owner.uid).execute();
    expect((await api.ada.client.get(`/api/reading-lists/${list.id}`)).status).toBe(404);
    await db().updateTable('users').set({ suspendedAt: null }).where('uid', '=', owner.uid).execute();
    expect((await api.ada.client.get(`/api/reading-lists/${list.id}`)).status).toBe(200);
    // Made private again: 404 to others.
    await owner.client.patch(`/api/reading-lists/${list.id}`, { public: false });
    expect((await api.ada.client.get(`/api/reading-lists/${list.id}`)).status).toBe(404);
  });

  it('pages a list by cursor, most recently added first', async () => {
    const reader = await signUp(api.server);
    const list = await create(reader.client, 'Long');
    const expected: string[] = [];
    for (let i = 0; i < 5; i++) {
      const story = await postStory(api.ada.client, { public: true });
      expect((await add(reader, list.id, story.id)).status).toBe(200);
      expected.unshift(story.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/api/reading-lists/${list.id}?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = readingListPageSchema.parse((await reader.client.get(path)).body);
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries.map((e) => e.story.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it('never lets a burst of creations pass READING_LISTS_MAX', async () => {
    const reader = await signUp(api.server);
    const now = new Date().toISOString();
    // All but three made directly; the burst then races for the last three places.
    await db()
      .insertInto('readingLists')
      .values(Array.from({ length: READING_LISTS_MAX - 3 }, (_, i) => ({ id: `seedlist${i}x${reader.uid.slice(0, 8)}`.replace(/[^A-Za-z0-9]/g, ''), uid: reader.uid, title: `List ${i}`, readLater: 0 as const, public: 0 as const, created_at: now, updated_at: now })))
      .execute();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => reader.client.post<ErrorBody>('/api/reading-lists', { title: `Burst ${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array.from({ length: 9 }, () => 409));
    expect(refused[0]!.body.error.message).toBe(READING_LIST_TEXTS.tooManyLists);
    const mine = await listsOf(reader.client);
    expect(mine.lists.filter((l) => !l.readLater)).toHaveLength(READING_LISTS_MAX);
    expect(mine.permissions.create).toBe(false);
  });

  it('never lets a burst of additions pass READING_LIST_ENTRIES_MAX', async () => {
    const reader = await signUp(api.server);
    const list = await create(reader.client, 'Full');
    const now = new Date().toISOString();
    // The entries seeded directly (the count is of rows, whatever story they name).
    const seed = Array.from({ length: READING_LIST_ENTRIES_MAX - 2 }, (_, i) => ({ listId: list.id, storyId: `seed${i}`, note: '', created_at: now, updated_at: now }));
    for (let i = 0; i < seed.length; i += 200) await db().insertInto('readingListEntries').values(seed.slice(i, i + 200)).execute();
    const stories = await Promise.all(Array.from({ length: 8 }, () => postStory(api.ada.client, { public: true })));
    const results = await Promise.all(stories.map((s) => add(reader, list.id, s.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.error.message)).toEqual(Array.from({ length: 6 }, () => READING_LIST_TEXTS.listFull));
    const count = await db().selectFrom('readingListEntries').select((eb) => eb.fn.countAll<number>().as('n')).where('listId', '=', list.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(READING_LIST_ENTRIES_MAX);
    // A note on a story already there still changes.
    const inList = stories[results.findIndex((r) => r.status === 200)]!;
    expect((await add(reader, list.id, inList.id, 'still fine')).status).toBe(200);
  });

  it('lets a reader’s lists go with their account', async () => {
    const leaver = await signUp(api.server);
    const list = await create(leaver.client, 'Leaving');
    const story = await postStory(api.ada.client, { public: true });
    await add(leaver, list.id, story.id, 'bye');
    await leaver.client.send('PUT', `/api/reading-lists/read-later/${story.id}`);
    await deleteAccountNow(api.server.ctx, leaver.uid, { adminUid: null, reason: 'test' });
    expect(await db().selectFrom('readingLists').select('id').where('uid', '=', leaver.uid).execute()).toEqual([]);
    expect(await db().selectFrom('readingListEntries').select('storyId').where('listId', '=', list.id).execute()).toEqual([]);
  });
});
