import { describe, expect, it } from 'vitest';
import { seriesListSchema, seriesPageSchema, seriesResponseSchema, storyPartSchema, type SeriesPage } from '@common/series/series';
import { SERIES_PER_WRITER_MAX, SERIES_STORIES_MAX } from '@common/shared/limits';
import { newId } from '../../shared/ids';
import { toDbBool } from '../../db/bool';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import { postStory, type ErrorBody } from '../stories/test-support';
import { pageFeeds } from '../feeds';
import { strFromU8, unzipSync } from 'fflate';
import { epubcheck } from '../../test/epubcheck';

describe.each(testDialects())('series on %s', (dialect) => {
  const api = useTestServer(dialect, { people: { ada: {}, bob: {}, owner: { admin: true } } });
  const db = () => api.server.ctx.db;

  async function makeSeries(who: SignedUp, title = 'The Lighthouse', description = 'A keeper, a storm.') {
    const res = await who.client.post('/api/series', { title, description });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return seriesResponseSchema.parse(res.body).series;
  }
  async function add(who: SignedUp, seriesId: string, storyId: string) {
    return who.client.send<SeriesPage | ErrorBody>('PUT', `/api/series/${seriesId}/stories/${storyId}`);
  }
  async function pageAs(who: SignedUp | null, seriesId: string) {
    const client = who ? who.client : api.server.client();
    const res = await client.get(`/api/series/${seriesId}`);
    return { status: res.status, body: res.status === 200 ? seriesPageSchema.parse(res.body) : (res.body as ErrorBody) };
  }
  const titlesOf = (page: SeriesPage) => page.stories.map((s) => `${s.part}:${s.title}`);
  async function positions(seriesId: string) {
    const rows = await db().selectFrom('seriesStories').select(['storyId', 'position']).where('seriesId', '=', seriesId).orderBy('position').execute();
    return rows.map((r) => Number(r.position));
  }
  /** Stories written straight to the database: the limits need hundreds, past the story rate limit. */
  async function insertStories(who: SignedUp, count: number): Promise<string[]> {
    const now = new Date().toISOString();
    const ids = Array.from({ length: count }, () => newId());
    for (const [i, id] of ids.entries()) {
      await db()
        .insertInto('stories')
        .values({
          id,
          uid: who.uid,
          title: `Day ${i + 1}`,
          content: 'word',
          public: toDbBool(true),
          wordCount: 1,
          charCount: 4,
          preview: 'word',
          created_at: now,
          updated_at: now,
          madePublicAt: now,
          publishedAt: now,
          madePrivateAt: null,
          promptGenre: null,
          promptTheme: null,
          promptTwist: null,
          authorDisplayName: 'Writer',
          authorProfileIcon: 'feather',
          authorProfileColor: 'blue',
          authorProfileImage: null,
        })
        .execute();
    }
    return ids;
  }

  it('creates, renames, describes and deletes a series; the stories stay', async () => {
    const series = await makeSeries(api.ada, '  Tides  ', 'Seven small waves.');
    expect(series).toMatchObject({ title: 'Tides', description: 'Seven small waves.', storyCount: 0, totalWords: 0, permissions: { edit: true, delete: true } });
    const story = await postStory(api.ada.client, { public: true, title: 'Wave one' });
    expect((await add(api.ada, series.id, story.id)).status).toBe(200);

    const renamed = await api.ada.client.patch(`/api/series/${series.id}`, { title: 'Tide pools' });
    expect(renamed.status).toBe(200);
    expect(seriesResponseSchema.parse(renamed.body).series).toMatchObject({ title: 'Tide pools', description: 'Seven small waves.', storyCount: 1 });
    const described = await api.ada.client.patch(`/api/series/${series.id}`, { description: '' });
    expect(seriesResponseSchema.parse(described.body).series.description).toBe('');

    expect((await api.ada.client.delete(`/api/series/${series.id}`)).status).toBe(204);
    expect((await pageAs(api.ada, series.id)).status).toBe(404);
    expect((await api.ada.client.get(`/api/stories/${story.id}`)).status).toBe(200);
    expect(storyPartSchema.parse((await api.ada.client.get(`/api/series/story/${story.id}`)).body).part).toBeNull();
    expect(await db().selectFrom('seriesStories').select('storyId').where('seriesId', '=', series.id).execute()).toEqual([]);
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const series = await makeSeries(api.ada, 'Unchanged', 'As it was.');
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/api/series', { title: '   ' }],
      ['POST', '/api/series', { title: 'x'.repeat(121) }],
      ['POST', '/api/series', { title: 'Fine', description: 'x'.repeat(301) }],
      ['POST', '/api/series', { title: 'Fine', extra: true }],
      ['POST', '/api/series', { title: 42 }],
      ['PATCH', `/api/series/${series.id}`, {}],
      ['PATCH', `/api/series/${series.id}`, { description: 'x'.repeat(301) }],
      ['PUT', `/api/series/${series.id}/order`, { storyIds: 'nope' }],
      ['PUT', `/api/series/${series.id}/order`, { storyIds: ['a', 'a'] }],
    ];
    const before = await db().selectFrom('series').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', api.ada.uid).executeTakeFirst();
    for (const [method, path, body] of cases) {
      const res = await api.ada.client.send<ErrorBody>(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.code).toBeTruthy();
      expect(res.body.error.message).toBeTruthy();
    }
    const after = await db().selectFrom('series').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', api.ada.uid).executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
    expect((await pageAs(api.ada, series.id)).body).toMatchObject({ series: { title: 'Unchanged', description: 'As it was.' } });
    for (const path of ['/api/series/bad%20id!', '/api/series/missing0000000000', '/api/series/missing0000000000/stories/missing000000']) {
      const res = await api.ada.client.send<ErrorBody>(path.includes('stories') ? 'PUT' : 'GET', path);
      expect(res.status, path).toBe(404);
    }
  });

  it('lets only the writer change their series or add their own stories', async () => {
    const series = await makeSeries(api.ada);
    const own = await postStory(api.ada.client, { public: true });
    expect((await add(api.ada, series.id, own.id)).status).toBe(200);
    const bobsStory = await postStory(api.bob.client, { public: true });
    const bobsPrivate = await postStory(api.bob.client, { public: false });

    const refusedAdd = await add(api.ada, series.id, bobsStory.id);
    expect(refusedAdd.status).toBe(403);
    expect(refusedAdd.body).toEqual({ error: { code: 'forbidden', message: 'You can only add your own stories to your series.' } });
    expect((await add(api.ada, series.id, bobsPrivate.id)).body).toEqual({ error: { code: 'not_found', message: 'Story not found' } });

    const bobPage = await pageAs(api.bob, series.id);
    expect(bobPage.body).toMatchObject({ series: { permissions: { edit: false, delete: false } } });
    const forbidden = { error: { code: 'forbidden', message: 'Only the writer can change this series.' } };
    expect((await api.bob.client.patch(`/api/series/${series.id}`, { title: 'Mine now' })).body).toEqual(forbidden);
    expect((await api.bob.client.delete(`/api/series/${series.id}`)).status).toBe(403);
    expect((await add(api.bob, series.id, bobsStory.id)).body).toEqual(forbidden);
    expect((await api.bob.client.delete(`/api/series/${series.id}/stories/${own.id}`)).status).toBe(403);
    expect((await api.bob.client.send('PUT', `/api/series/${series.id}/order`, { storyIds: [own.id] })).status).toBe(403);
    // Not even an admin rewrites someone else's series.
    expect((await api.owner.client.patch(`/api/series/${series.id}`, { title: 'Admin was here' })).status).toBe(403);
    const guest = api.server.client();
    expect((await guest.patch(`/api/series/${series.id}`, { title: 'Guest' })).status).toBe(401);
    expect((await guest.post('/api/series', { title: 'Guest' })).status).toBe(401);
    expect((await pageAs(api.ada, series.id)).body).toMatchObject({ series: { title: 'The Lighthouse', storyCount: 1 } });
  });

  it('puts a story in at most one series', async () => {
    const first = await makeSeries(api.ada, 'First');
    const second = await makeSeries(api.ada, 'Second');
    const story = await postStory(api.ada.client, { public: true });
    expect((await add(api.ada, first.id, story.id)).status).toBe(200);
    expect((await add(api.ada, first.id, story.id)).status).toBe(200); // again: nothing changes
    const refused = await add(api.ada, second.id, story.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: { code: 'conflict', message: 'This story is already in a series.' } });
    expect(await positions(first.id)).toEqual([0]);
    // Two at once into two series: one wins.
    const other = await postStory(api.ada.client, { public: true });
    const statuses = (await Promise.all([add(api.ada, first.id, other.id), add(api.ada, second.id, other.id)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const rows = await db().selectFrom('seriesStories').select('seriesId').where('storyId', '=', other.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps the order the writer sets, by moves and reorders, and removes a part with the rest closing up', async () => {
    const series = await makeSeries(api.ada);
    const stories = [];
    for (const title of ['One', 'Two', 'Three', 'Four']) stories.push(await postStory(api.ada.client, { public: true, title }));
    for (const s of stories) await add(api.ada, series.id, s.id);
    const [one, two, three, four] = stories.map((s) => s.id) as [string, string, string, string];
    expect(titlesOf((await pageAs(api.ada, series.id)).body as SeriesPage)).toEqual(['1:One', '2:Two', '3:Three', '4:Four']);

    const moved = await api.ada.client.send('PUT', `/api/series/${series.id}/order`, { storyIds: [two, one, four, three] });
    expect(moved.status).toBe(200);
    expect(titlesOf(seriesPageSchema.parse(moved.body))).toEqual(['1:Two', '2:One', '3:Four', '4:Three']);
    expect(await positions(series.id)).toEqual([0, 1, 2, 3]);

    // An order that is not exactly the series' stories is refused; nothing moves.
    for (const storyIds of [[two, one, four], [two, one, four, three, 'someOtherStory1'], [two, one, four, 'someOtherStory1']]) {
      const res = await api.ada.client.send<ErrorBody>('PUT', `/api/series/${series.id}/order`, { storyIds });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('conflict');
    }
    const removed = await api.ada.client.delete(`/api/series/${series.id}/stories/${one}`);
    expect(titlesOf(seriesPageSchema.parse(removed.body))).toEqual(['1:Two', '2:Four', '3:Three']);
    expect(await positions(series.id)).toEqual([0, 1, 2]);
    expect((await api.ada.client.delete(`/api/series/${series.id}/stories/${one}`)).status).toBe(404);
    expect((await api.ada.client.get(`/api/stories/${one}`)).status).toBe(200);
  });

  it('a deleted story leaves its series; the numbers close up and the next story goes last', async () => {
    const series = await makeSeries(api.ada, 'Gaps');
    const stories = [];
    for (const title of ['A', 'B', 'C']) stories.push(await postStory(api.ada.client, { public: true, title }));
    for (const s of stories) await add(api.ada, series.id, s.id);
    expect((await api.ada.client.delete(`/api/stories/${stories[1]!.id}`)).status).toBe(204);
    expect(titlesOf((await pageAs(api.ada, series.id)).body as SeriesPage)).toEqual(['1:A', '2:C']);
    const d = await postStory(api.ada.client, { public: true, title: 'D' });
    expect(titlesOf(seriesPageSchema.parse((await add(api.ada, series.id, d.id)).body))).toEqual(['1:A', '2:C', '3:D']);
    await api.ada.client.delete(`/api/series/${series.id}/stories/${stories[0]!.id}`);
    expect(await positions(series.id)).toEqual([0, 1]);
  });

  it('numbers the parts as each reader sees them; prev and next skip what they cannot read', async () => {
    const writer = await signUp(api.server);
    const reader = await signUp(api.server);
    const series = await makeSeries(writer, 'Harbour');
    const p1 = await postStory(writer.client, { public: true, title: 'Dawn', content: 'one two three' });
    const p2 = await postStory(writer.client, { public: false, title: 'Secret', content: 'four five' });
    const p3 = await postStory(writer.client, { public: true, title: 'Noon', content: 'six' });
    const p4 = await postStory(writer.client, { public: true, title: 'Dusk', content: 'seven eight' });
    for (const s of [p1, p2, p3, p4]) await add(writer, series.id, s.id);
    await reader.client.send('PUT', `/api/favorites/${p1.id}`);
    await reader.client.send('PUT', `/api/favorites/${p3.id}`);

    const own = (await pageAs(writer, series.id)).body as SeriesPage;
    expect(titlesOf(own)).toEqual(['1:Dawn', '2:Secret', '3:Noon', '4:Dusk']);
    expect(own.series).toMatchObject({ storyCount: 4, totalWords: 3 + 2 + 1 + 2, favorites: 2 });
    for (const who of [reader, null]) {
      const seen = (await pageAs(who, series.id)).body as SeriesPage;
      expect(titlesOf(seen)).toEqual(['1:Dawn', '2:Noon', '3:Dusk']);
      expect(seen.series).toMatchObject({ storyCount: 3, totalWords: 6, favorites: 2, permissions: { edit: false, delete: false } });
    }

    const partOf = async (who: SignedUp | null, id: string) => {
      const res = await (who ? who.client : api.server.client()).get(`/api/series/story/${id}`);
      expect(res.status).toBe(200);
      return storyPartSchema.parse(res.body).part;
    };
    expect(await partOf(reader, p3.id)).toEqual({ series: { id: series.id, title: 'Harbour' }, number: 2, total: 3, previous: { id: p1.id, title: 'Dawn' }, next: { id: p4.id, title: 'Dusk' } });
    expect(await partOf(writer, p3.id)).toMatchObject({ number: 3, total: 4, previous: { id: p2.id }, next: { id: p4.id } });
    expect(await partOf(null, p1.id)).toMatchObject({ number: 1, previous: null, next: { id: p3.id } });
    expect(await partOf(reader, p4.id)).toMatchObject({ number: 3, next: null });
    expect((await reader.client.get(`/api/series/story/${p2.id}`)).status).toBe(404);
    expect(storyPartSchema.parse((await reader.client.get(`/api/series/story/${(await postStory(writer.client, { public: true })).id}`)).body).part).toBeNull();

    // The profile's list: the reader sees the series with its counts; a series with nothing they may read is not there.
    const hidden = await makeSeries(writer, 'Drafts only');
    await add(writer, hidden.id, (await postStory(writer.client, { public: false })).id);
    const listed = async (who: SignedUp | null) =>
      seriesListSchema.parse((await (who ? who.client : api.server.client()).get(`/api/series/user/${writer.uid}`)).body).series.map((s) => `${s.title}:${s.storyCount}`);
    expect(await listed(writer)).toEqual(['Drafts only:1', 'Harbour:4']);
    expect(await listed(reader)).toEqual(['Harbour:3']);
    expect(await listed(null)).toEqual(['Harbour:3']);
    expect((await pageAs(reader, hidden.id)).body).toEqual({ error: { code: 'not_found', message: 'Series not found' } });
  });

  it('hides the series of a blocked or suspended writer as their stories are', async () => {
    const writer = await signUp(api.server);
    const reader = await signUp(api.server);
    const series = await makeSeries(writer, 'Shut away');
    await add(writer, series.id, (await postStory(writer.client, { public: true })).id);
    expect((await pageAs(reader, series.id)).status).toBe(200);
    expect((await writer.client.post(`/api/blocks/${reader.uid}`, {})).status).toBe(200);
    expect((await pageAs(reader, series.id)).status).toBe(404);
    expect(seriesListSchema.parse((await reader.client.get(`/api/series/user/${writer.uid}`)).body).series).toEqual([]);
    expect((await pageAs(null, series.id)).status).toBe(200);
    expect((await api.owner.client.post(`/api/admin/users/${writer.uid}/actions`, { action: 'suspend', reason: 'For the test' })).status).toBe(200);
    expect((await pageAs(null, series.id)).status).toBe(404);
    expect((await fetch(new URL(`/series/${series.id}/feed.atom`, api.server.url))).status).toBe(404);
  });

  it("the series' Atom feed carries only what a guest may read, and the writer's own list has every part", async () => {
    const writer = await signUp(api.server);
    const series = await makeSeries(writer, 'Feed & tide');
    const open = await postStory(writer.client, { public: true, title: 'Open part' });
    const secret = await postStory(writer.client, { public: false, title: 'Secret part' });
    for (const s of [open, secret]) await add(writer, series.id, s.id);
    const res = await fetch(new URL(`/series/${series.id}/feed.atom`, api.server.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const xml = await res.text();
    expect(xml).toContain(`/story/${open.id}`);
    expect(xml).not.toContain(secret.id);
    expect(xml).not.toContain('Secret part');
    expect(xml).toContain('<title type="text">Drabble: Feed &amp; tide, a series</title>');
    expect(xml).toContain(`/series/${series.id}/feed.atom`);
    expect((await fetch(new URL('/series/missing0000000000/feed.atom', api.server.url))).status).toBe(404);
    // A series with no part a guest may read has no feed (its title stays untold).
    const privateOnly = await makeSeries(writer, 'Hidden');
    await add(writer, privateOnly.id, (await postStory(writer.client, { public: false })).id);
    expect((await fetch(new URL(`/series/${privateOnly.id}/feed.atom`, api.server.url))).status).toBe(404);
    // The page's HTML names the feed (<link rel="alternate">); the hidden one's names none.
    expect(await pageFeeds(api.server.ctx)(`/series/${series.id}`)).toEqual({ title: 'Drabble: Feed & tide, a series', url: `${api.server.config.publicUrl}/series/${series.id}/feed.atom` });
    expect(await pageFeeds(api.server.ctx)(`/series/${privateOnly.id}`)).toBeNull();
    const mine = (await writer.client.get('/api/series/mine')).body as { series: Array<{ id: string; storyIds: string[] }> };
    expect(mine.series.find((s) => s.id === series.id)?.storyIds).toEqual([open.id, secret.id]);
  });

  it('downloads as an EPUB 3 of the parts the reader may read, in order, that the reference validator accepts', async () => {
    const series = await makeSeries(api.ada, 'Tides & <Moons>', 'Three nights at sea.');
    const first = await postStory(api.ada.client, { title: 'Low tide', content: 'The sea went out.', public: true });
    const hidden = await postStory(api.ada.client, { title: 'Kept back', public: false });
    const third = await postStory(api.ada.client, { title: 'High tide', content: 'It came back.', public: true, contentWarnings: ['death'] });
    for (const id of [first.id, hidden.id, third.id]) await add(api.ada, series.id, id);

    const bookOf = async (client: ReturnType<typeof api.server.client>) => {
      const res = await client.raw('GET', `/api/series/${series.id}/book`, { headers: { 'accept-language': 'en-US' } });
      return { res, files: res.status === 200 ? unzipSync(new Uint8Array(await res.arrayBuffer())) : {} };
    };
    const asGuest = await bookOf(api.server.client());
    expect(asGuest.res.status).toBe(200);
    expect(asGuest.res.headers.get('content-type')).toBe('application/epub+zip');
    expect(asGuest.res.headers.get('content-disposition')).toBe('attachment; filename="drabble-series-tides-moons.epub"');
    const nav = strFromU8(asGuest.files['EPUB/nav.xhtml']!);
    expect(nav).toContain('Low tide');
    expect(nav).not.toContain('Kept back');
    expect(nav.indexOf('Low tide')).toBeLessThan(nav.indexOf('High tide'));
    expect(strFromU8(asGuest.files['EPUB/cover.xhtml']!)).toContain('<h1>Tides &amp; &lt;Moons&gt;</h1>');
    expect(strFromU8(asGuest.files['EPUB/chapter-0002.xhtml']!)).toContain('Content warnings: Death');

    const asWriter = await api.ada.client.raw('GET', `/api/series/${series.id}/book`);
    const writerBook = new Uint8Array(await asWriter.arrayBuffer());
    expect(strFromU8(unzipSync(writerBook)['EPUB/nav.xhtml']!)).toContain('Kept back');
    const check = await epubcheck(writerBook);
    expect(check.report).toBe('');
    expect(check.valid, check.summary).toBe(true);

    // Nothing a reader may read: 404, as the page answers.
    const empty = await makeSeries(api.ada, 'Nothing yet');
    await add(api.ada, empty.id, hidden.id);
    expect((await api.server.client().get<ErrorBody>(`/api/series/${empty.id}/book`)).body.error.message).toBe('Series not found');
    expect((await api.ada.client.get<ErrorBody>(`/api/series/${(await makeSeries(api.ada, 'Empty')).id}/book`)).body.error).toEqual({
      code: 'not_found',
      message: 'This series has no stories to put in a book yet.',
    });
    expect((await api.bob.client.get('/api/series/not-an-id!/book')).status).toBe(404);
  });

  it(`never lets a writer past ${SERIES_PER_WRITER_MAX} series, even in a burst`, async () => {
    const writer = await signUp(api.server);
    const now = new Date().toISOString();
    await db()
      .insertInto('series')
      .values(Array.from({ length: SERIES_PER_WRITER_MAX - 3 }, (_, i) => ({ id: newId(), uid: writer.uid, title: `S${i}`, description: '', created_at: now, updated_at: now })))
      .execute();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => writer.client.post<ErrorBody>('/api/series', { title: `Burst ${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(7).fill(409));
    expect(refused[0]!.body.error.message).toBe(`You can have at most ${SERIES_PER_WRITER_MAX} series.`);
    const count = await db().selectFrom('series').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', writer.uid).executeTakeFirst();
    expect(Number(count?.n)).toBe(SERIES_PER_WRITER_MAX);
  });

  it(`never puts more than ${SERIES_STORIES_MAX} stories in a series, and keeps the places a clean sequence under bursts`, async () => {
    const writer = await signUp(api.server);
    const series = await makeSeries(writer, 'A year of days');
    const ids = await insertStories(writer, SERIES_STORIES_MAX + 5);
    const seeded = SERIES_STORIES_MAX - 4;
    await db()
      .insertInto('seriesStories')
      .values(ids.slice(0, seeded).map((storyId, position) => ({ storyId, seriesId: series.id, position, created_at: new Date().toISOString() })))
      .execute();
    const burst = await Promise.all(ids.slice(seeded).map((id) => add(writer, series.id, id)));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(4);
    expect(burst.filter((r) => r.status === 409)).toHaveLength(5);
    expect((burst.find((r) => r.status === 409)!.body as ErrorBody).error.message).toBe(`A series can hold at most ${SERIES_STORIES_MAX} stories.`);
    expect(await positions(series.id)).toEqual(Array.from({ length: SERIES_STORIES_MAX }, (_, i) => i));
  });

  it('keeps the places 0, 1, 2… with no duplicates after parallel adds, removes and reorders', async () => {
    const writer = await signUp(api.server);
    const series = await makeSeries(writer, 'Busy');
    const ids = await insertStories(writer, 12);
    const adds = await Promise.all(ids.map((id) => add(writer, series.id, id)));
    expect(adds.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(await positions(series.id)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    const current = ((await pageAs(writer, series.id)).body as SeriesPage).stories.map((s) => s.id);
    const reversed = [...current].reverse();
    const rotated = [...current.slice(3), ...current.slice(0, 3)];
    const results = await Promise.all([
      writer.client.send('PUT', `/api/series/${series.id}/order`, { storyIds: reversed }),
      writer.client.send('PUT', `/api/series/${series.id}/order`, { storyIds: rotated }),
      writer.client.delete(`/api/series/${series.id}/stories/${current[5]}`),
      writer.client.send('PUT', `/api/series/${series.id}/order`, { storyIds: current }),
    ]);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const after = await positions(series.id);
    expect(after).toEqual(Array.from({ length: 11 }, (_, i) => i));
  });

  it('goes with its writer when they delete their account', async () => {
    const writer = await signUp(api.server);
    const series = await makeSeries(writer, 'Farewell');
    await add(writer, series.id, (await postStory(writer.client, { public: true })).id);
    const { USER_ROWS } = await import('../../shared/owned-rows');
    const entry = USER_ROWS.find((r) => r.feature === 'series')!;
    expect(entry.columns).toEqual(['series.uid']);
    await db()
      .transaction()
      .execute((trx) => entry.erase(trx, { uid: writer.uid, now: new Date().toISOString(), counts: {} as never, touchedStories: new Set(), touchedPeople: new Set() }));
    expect(await db().selectFrom('series').select('id').where('uid', '=', writer.uid).execute()).toEqual([]);
    expect(await db().selectFrom('seriesStories').select('storyId').where('seriesId', '=', series.id).execute()).toEqual([]);
  });
});
