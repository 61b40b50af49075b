import { beforeAll, describe, expect, it } from 'vitest';
import { GENRES, THEMES, TWISTS } from '@common/prompts/prompts';
import { storyPageSchema, storyRowsResponseSchema, type StoryPage, type StorySummary } from '@common/stories/story';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import type { TestClient } from '../../test/client';
import { postStory, type ErrorBody } from './test-support';

/** Every page of a list, following nextCursor. */
async function allPages(client: TestClient, path: string): Promise<StorySummary[]> {
  const stories: StorySummary[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await client.get<StoryPage>(cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = storyPageSchema.parse(res.body);
    stories.push(...body.stories);
    cursor = body.nextCursor;
    if (!cursor) return stories;
  }
  throw new Error('too many pages');
}

const prompt = (genre: (typeof GENRES)[number]) => ({ genre, theme: THEMES[0], twist: TWISTS[0] });

describe.each(testDialects())('story lists on %s', (dialect) => {
  const adaPublic: string[] = [];
  const adaPrivate: string[] = [];
  let bobPublic: string;

  const api = useTestServer(dialect, { people: { ada: { name: 'Ada' }, bob: { name: 'Bob' } } });
  beforeAll(async () => {
    for (let i = 0; i < 7; i++) {
      const story = await postStory(api.ada.client, {
        public: true,
        title: `Public ${i}`,
        content: i % 2 === 0 ? `The lighthouse keeper counted ${i} ships.` : `A garden grew over the café ${i}.`,
        prompt: prompt(i < 3 ? 'Horror' : 'Romance'),
      });
      adaPublic.push(story.id);
    }
    for (let i = 0; i < 3; i++) {
      adaPrivate.push((await postStory(api.ada.client, { public: false, title: `Private lighthouse ${i}`, content: 'lighthouse secrets', prompt: prompt('Horror') })).id);
    }
    bobPublic = (await postStory(api.bob.client, { public: true, title: 'Bob writes', content: 'A lighthouse, briefly.', prompt: null })).id;
  });

  it('lists public stories newest first, paged by cursor, without text and without any private story', async () => {
    const stories = await allPages(api.server.client(), '/api/stories/community?limit=3');
    const ids = stories.map((s) => s.id);
    expect(ids).toEqual([bobPublic, ...[...adaPublic].reverse()]);
    for (const story of stories) {
      expect(story.public).toBe(true);
      expect(story).not.toHaveProperty('content');
      expect(story.preview.length).toBeGreaterThan(0);
    }
  });

  it('never shows private stories, even to their owner, in the community list', async () => {
    const ids = (await allPages(api.ada.client, '/api/stories/community?limit=50')).map((s) => s.id);
    for (const id of adaPrivate) expect(ids).not.toContain(id);
  });

  it('searches title and text, every word as a prefix, case- and accent-insensitively', async () => {
    const search = async (q: string, client = api.bob.client) => (await allPages(client, `/api/stories/community?q=${encodeURIComponent(q)}`)).map((s) => s.id);
    expect(await search('LIGHTHOUSE')).toEqual([bobPublic, adaPublic[6], adaPublic[4], adaPublic[2], adaPublic[0]]);
    expect(await search('lightho')).toHaveLength(5);
    expect(await search('lighthouse keeper 4')).toEqual([adaPublic[4]]);
    expect(await search('cafe')).toEqual([adaPublic[5], adaPublic[3], adaPublic[1]]);
    expect(await search('Public 3')).toEqual([adaPublic[3]]);
    expect(await search('"); drop table stories; --')).toEqual([]);
    expect(await search('?!*')).toEqual([]);
    // A single letter matches that word only, not every word starting with it.
    expect(await search('a')).toEqual([bobPublic, adaPublic[5], adaPublic[3], adaPublic[1]]);
    expect(await search('a lighthouse')).toEqual([bobPublic]);
    expect(await search('secrets', api.ada.client)).toEqual([]);
  });

  it('filters by genre and combines filters with search', async () => {
    const horror = (await allPages(api.bob.client, '/api/stories/community?genre=Horror')).map((s) => s.id);
    expect(horror).toEqual([adaPublic[2], adaPublic[1], adaPublic[0]]);
    const both = (await allPages(api.bob.client, '/api/stories/community?genre=Romance&q=garden')).map((s) => s.id);
    expect(both).toEqual([adaPublic[5], adaPublic[3]]);
    const bad = await api.bob.client.get<ErrorBody>('/api/stories/community?genre=Opera');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('Unknown genre.');
  });

  it('sorts by most liked, newest first among equals, and pages through every story once', async () => {
    const like = (id: string, client: TestClient, kind = 'heart') => client.send('PUT', `/api/stories/${id}/reactions/${kind}`);
    await like(adaPublic[1]!, api.bob.client);
    await like(adaPublic[1]!, api.bob.client, 'fire');
    await like(adaPublic[1]!, api.ada.client);
    await like(adaPublic[4]!, api.bob.client);
    const ids = (await allPages(api.bob.client, '/api/stories/community?sort=liked&limit=2')).map((s) => s.id);
    expect(ids).toEqual([adaPublic[1], adaPublic[4], bobPublic, adaPublic[6], adaPublic[5], adaPublic[3], adaPublic[2], adaPublic[0]]);
  });

  it('lists a writer’s public stories for their profile', async () => {
    const ids = (await allPages(api.server.client(), `/api/stories/community?author=${api.ada.uid}`)).map((s) => s.id);
    expect(ids).toEqual([...adaPublic].reverse());
  });

  it('refuses a cursor from another list or a forged one', async () => {
    const first = await api.bob.client.get<StoryPage>('/api/stories/community?limit=1');
    const cursor = first.body.nextCursor!;
    const crossed = await api.bob.client.get<ErrorBody>(`/api/stories/community?sort=liked&cursor=${cursor}`);
    expect(crossed.status).toBe(400);
    expect(crossed.body.error.code).toBe('invalid_cursor');
    expect((await api.bob.client.get('/api/stories/community?cursor=garbage')).status).toBe(400);
    expect((await api.bob.client.get('/api/stories/community?limit=500')).status).toBe(400);
    expect((await api.bob.client.get(`/api/stories/community?q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('lists my stories newest first, filtered all / public / private, and only mine', async () => {
    const all = (await allPages(api.ada.client, '/api/stories/mine?limit=4')).map((s) => s.id);
    expect(all).toEqual([...adaPublic, ...adaPrivate].reverse());
    const onlyPublic = (await allPages(api.ada.client, '/api/stories/mine?visibility=public')).map((s) => s.id);
    expect(onlyPublic).toEqual([...adaPublic].reverse());
    const onlyPrivate = await allPages(api.ada.client, '/api/stories/mine?visibility=private');
    expect(onlyPrivate.map((s) => s.id)).toEqual([...adaPrivate].reverse());
    expect(onlyPrivate[0]!.permissions.edit).toBe(true);
    expect((await allPages(api.bob.client, '/api/stories/mine')).map((s) => s.id)).toEqual([bobPublic]);
    expect((await api.server.client().get('/api/stories/mine')).status).toBe(401);
    expect((await api.ada.client.get('/api/stories/mine?visibility=secret')).status).toBe(400);
  });

  it('gives the table screen one row per own story with its numbers', async () => {
    const res = await api.ada.client.get('/api/stories/mine/rows');
    const { rows } = storyRowsResponseSchema.parse(res.body);
    expect(rows.map((r) => r.id)).toEqual([...adaPublic, ...adaPrivate].reverse());
    expect(rows.find((r) => r.id === adaPublic[1])).toMatchObject({ public: true, likesCount: 3, commentsCount: 0, viewsCount: 0 });
    expect((await api.server.client().get('/api/stories/mine/rows')).status).toBe(401);
  });

  it('keeps a story that turns private out of every list of others at once', async () => {
    const id = adaPublic[6]!;
    await api.ada.client.patch(`/api/stories/${id}/visibility`, { public: false });
    const community = (await allPages(api.bob.client, '/api/stories/community?limit=50')).map((s) => s.id);
    const search = (await allPages(api.bob.client, '/api/stories/community?q=lighthouse')).map((s) => s.id);
    const byAuthor = (await allPages(api.bob.client, `/api/stories/community?author=${api.ada.uid}`)).map((s) => s.id);
    for (const ids of [community, search, byAuthor]) expect(ids).not.toContain(id);
    await api.ada.client.patch(`/api/stories/${id}/visibility`, { public: true });
  });

  it('finds an edited story by its new words only', async () => {
    const story = await postStory(api.bob.client, { public: true, title: 'Before', content: 'zebra crossing' });
    await api.bob.client.patch(`/api/stories/${story.id}`, { title: 'After', content: 'quokka island' });
    expect((await allPages(api.bob.client, '/api/stories/community?q=zebra')).map((s) => s.id)).toEqual([]);
    expect((await allPages(api.bob.client, '/api/stories/community?q=quokka')).map((s) => s.id)).toEqual([story.id]);
    await api.bob.client.delete(`/api/stories/${story.id}`);
    expect((await allPages(api.bob.client, '/api/stories/community?q=quokka')).map((s) => s.id)).toEqual([]);
  });
});
