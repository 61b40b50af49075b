import { beforeAll, describe, expect, it } from 'vitest';
import { storyPageSchema, type StorySummary } from '@common/stories/story';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp } from '../../test/server';
import type { TestClient } from '../../test/client';
import { postStory, type ErrorBody } from './test-support';

/** `n` words in two paragraphs, a marker word first so a search can find them. */
const wordsOf = (n: number, marker: string) => [marker, ...Array.from({ length: n - 1 }, (_, i) => `w${i}`)].map((w, i) => (i === 50 ? `\n\n${w}` : w)).join(' ');

async function allPages(client: TestClient, path: string): Promise<StorySummary[]> {
  const stories: StorySummary[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const res = await client.get(cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = storyPageSchema.parse(res.body);
    stories.push(...body.stories);
    cursor = body.nextCursor;
    if (!cursor) return stories;
  }
  throw new Error('too many pages');
}

describe.each(testDialects())('the community’s perfect drabbles on %s', (dialect) => {
  /** Public perfect drabbles, oldest first, with the reactions each got. */
  const perfect: Array<{ id: string; likes: number }> = [];
  let privatePerfect: string;
  let nearMisses: string[];

  const api = useTestServer(dialect, { people: ['ada', 'bob'] });
  beforeAll(async () => {
    const readers = await Promise.all([signUp(api.server), signUp(api.server), signUp(api.server)]);
    const likes = [1, 3, 0, 3, 2];
    for (const [i, n] of likes.entries()) {
      const author = i === 2 ? api.bob : api.ada;
      const story = await postStory(author.client, { public: true, title: `Perfect ${i}`, content: wordsOf(100, i % 2 === 0 ? 'lantern' : 'harbour'), prompt: null });
      expect(story.perfectDrabble).toBe(true);
      for (const reader of readers.slice(0, n)) expect((await reader.client.send('PUT', `/api/stories/${story.id}/reactions/heart`)).status).toBe(200);
      perfect.push({ id: story.id, likes: n });
    }
    privatePerfect = (await postStory(api.ada.client, { public: false, content: wordsOf(100, 'lantern'), prompt: null })).id;
    nearMisses = [];
    for (const n of [99, 101]) {
      const story = await postStory(api.ada.client, { public: true, content: wordsOf(n, 'lantern'), prompt: null });
      expect(story.perfectDrabble).toBe(false);
      nearMisses.push(story.id);
    }
  });

  it('lists only public stories of exactly 100 words, newest first, a page at a time', async () => {
    const ids = (await allPages(api.server.client(), '/api/stories/community?perfect=true&limit=2')).map((s) => s.id);
    expect(ids).toEqual(perfect.map((p) => p.id).reverse());
    expect(ids).not.toContain(privatePerfect);
    for (const id of nearMisses) expect(ids).not.toContain(id);
    // The owner does not see their private one there either; without the filter, everything public shows.
    expect((await allPages(api.ada.client, '/api/stories/community?perfect=true&limit=3')).map((s) => s.id)).toEqual(ids);
    const everything = (await allPages(api.server.client(), '/api/stories/community?perfect=false&limit=50')).map((s) => s.id);
    expect(everything).toEqual(expect.arrayContaining([...ids, ...nearMisses]));
    expect((await allPages(api.server.client(), '/api/stories/community?perfect=&limit=50')).map((s) => s.id)).toEqual(everything);
  });

  it('sorts perfect drabbles by most liked, newest first among equals, across pages', async () => {
    const stories = await allPages(api.server.client(), '/api/stories/community?perfect=true&sort=liked&limit=2');
    const expected = perfect.map((p, i) => ({ ...p, i })).sort((a, b) => b.likes - a.likes || b.i - a.i);
    expect(stories.map((s) => s.id)).toEqual(expected.map((p) => p.id));
    expect(stories.map((s) => s.likesCount)).toEqual([3, 3, 2, 1, 0]);
  });

  it('combines with search, genre and author', async () => {
    const lantern = (await allPages(api.server.client(), '/api/stories/community?perfect=true&q=lantern&limit=1')).map((s) => s.id);
    expect(lantern).toEqual([perfect[4]!.id, perfect[2]!.id, perfect[0]!.id]);
    const liked = (await allPages(api.server.client(), '/api/stories/community?perfect=true&q=harbour&sort=liked&limit=1')).map((s) => s.id);
    expect(liked).toEqual([perfect[3]!.id, perfect[1]!.id]);
    const byBob = (await allPages(api.server.client(), `/api/stories/community?perfect=true&author=${api.bob.uid}`)).map((s) => s.id);
    expect(byBob).toEqual([perfect[2]!.id]);
    expect(await allPages(api.server.client(), '/api/stories/community?perfect=true&genre=Horror')).toEqual([]);
  });

  it('follows edits: a story leaves the filter when it stops being 100 words, and joins when it reaches them', async () => {
    const story = await postStory(api.bob.client, { public: true, content: wordsOf(100, 'ferry') });
    const find = async () => (await allPages(api.server.client(), '/api/stories/community?perfect=true&q=ferry')).map((s) => s.id);
    expect(await find()).toEqual([story.id]);
    expect((await api.bob.client.send('PATCH', `/api/stories/${story.id}`, { content: wordsOf(101, 'ferry') })).status).toBe(200);
    expect(await find()).toEqual([]);
    expect((await api.bob.client.send('PATCH', `/api/stories/${story.id}`, { content: wordsOf(100, 'ferry') })).status).toBe(200);
    expect(await find()).toEqual([story.id]);
  });

  it('refuses a filter value it does not know', async () => {
    const res = await api.server.client().get<ErrorBody>('/api/stories/community?perfect=yes');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/perfect must be true or false\./);
  });

  it('counts perfect drabbles on profiles: all own ones on My Profile, public ones on the public profile', async () => {
    const mine = await api.ada.client.get<{ stats: { perfectDrabbles: number } }>('/api/me/stats');
    expect(mine.status).toBe(200);
    expect(mine.body.stats.perfectDrabbles).toBe(5);
    const shown = await api.bob.client.get<{ stats: { perfectDrabbles: number } }>(`/api/users/${api.ada.uid}`);
    expect(shown.status).toBe(200);
    expect(shown.body.stats.perfectDrabbles).toBe(4);
  });
});
