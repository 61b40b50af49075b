import { describe, expect, it } from 'vitest';
import { storyResponseSchema, type Story } from '@common/stories/story';
import { STORY_VERSIONS_MAX, storyRestoredSchema, storyVersionPageSchema, storyVersionResponseSchema, type StoryVersionSummary } from '@common/story-versions/versions';
import { randomPrompt } from '@common/prompts/prompts';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { ADMIN_EMAIL, signUp, signUpVerified, type SignedUp } from '../../test/server';
import type { TestClient } from '../../test/client';
import { postStory, type ErrorBody } from '../stories/test-support';

describe.each(testDialects())('story versions on %s', (dialect) => {
  const api = useTestServer(dialect);

  const path = (story: { id: string }, rest = '') => `/api/stories/${story.id}/versions${rest}`;

  async function save(client: TestClient, story: { id: string }, body: Record<string, unknown>) {
    const res = await client.send<{ story: Story }>('PATCH', `/api/stories/${story.id}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.story;
  }

  /** Every version of the story, newest first, through the API's pages. */
  async function allVersions(client: TestClient, story: { id: string }): Promise<StoryVersionSummary[]> {
    const out: StoryVersionSummary[] = [];
    let cursor: string | null = null;
    do {
      const res = await client.get(path(story, cursor ? `?cursor=${cursor}` : ''));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const page = storyVersionPageSchema.parse(res.body);
      out.push(...page.versions);
      cursor = page.nextCursor;
    } while (cursor);
    return out;
  }

  const storedCount = async (storyId: string) =>
    Number((await api.server.ctx.db.selectFrom('storyVersions').select((eb) => eb.fn.countAll<number | string>().as('n')).where('storyId', '=', storyId).executeTakeFirstOrThrow()).n);

  /** `n` old versions written straight to the table, a minute apart, oldest first: text "old 0" … */
  async function seedVersions(story: Story, n: number): Promise<void> {
    const base = Date.parse(story.createdAt) - (n + 1) * 60_000;
    const rows = Array.from({ length: n }, (_, i) => ({
      id: `seed${i}x${story.id}`.slice(0, 40),
      storyId: story.id,
      uid: story.uid,
      title: `Old title ${i}`,
      content: `old ${i}`,
      wordCount: 2,
      promptGenre: null,
      promptTheme: null,
      promptTwist: null,
      savedAt: new Date(base + i * 60_000).toISOString(),
      created_at: new Date(base + i * 60_000 + 30_000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 50) await api.server.ctx.db.insertInto('storyVersions').values(rows.slice(i, i + 50)).execute();
  }

  it('keeps the text as it was on each save that changes the title, text or prompt, newest first', async () => {
    const ada = await signUp(api.server);
    const story = await postStory(ada.client, { title: 'First title', content: 'one two three', prompt: null });
    expect(await allVersions(ada.client, story)).toEqual([]);

    const second = await save(ada.client, story, { content: 'one two three four' });
    // Unchanged text, unchanged title, a visibility change: nothing is kept.
    await save(ada.client, story, { content: 'one two three four', title: 'First title' });
    await save(ada.client, story, { public: true });
    await save(ada.client, story, { public: false });
    expect(await storedCount(story.id)).toBe(1);

    await save(ada.client, story, { title: 'Second title' });
    const prompt = randomPrompt();
    await save(ada.client, story, { prompt });
    await save(ada.client, story, { prompt: { ...prompt } });

    const versions = await allVersions(ada.client, story);
    expect(versions.map((v) => [v.title, v.wordCount])).toEqual([
      ['Second title', 4],
      ['First title', 4],
      ['First title', 3],
    ]);
    // Each carries the date its text had been saved, then the date it was replaced.
    expect(versions.at(-1)!.savedAt).toBe(story.updatedAt);
    expect(versions.at(-2)!.savedAt).toBe(second.updatedAt);
    for (const v of versions) expect(Date.parse(v.replacedAt)).toBeGreaterThanOrEqual(Date.parse(v.savedAt));
    const stamps = versions.map((v) => v.replacedAt);
    expect([...stamps].sort().reverse()).toEqual(stamps);
  });

  it('shows a version whole, with its prompt', async () => {
    const ada = await signUp(api.server);
    const prompt = randomPrompt();
    const story = await postStory(ada.client, { title: 'Night', content: 'The door\nopened slowly.', prompt });
    await save(ada.client, story, { content: 'The door closed.', prompt: null });
    const [only] = await allVersions(ada.client, story);
    const res = await ada.client.get(path(story, `/${only!.id}`));
    expect(res.status).toBe(200);
    const { version } = storyVersionResponseSchema.parse(res.body);
    expect(version).toMatchObject({ id: only!.id, storyId: story.id, title: 'Night', content: 'The door\nopened slowly.', wordCount: 4, prompt });

    const missing = await ada.client.get<ErrorBody>(path(story, '/nosuchversion000000'));
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Version not found');
    expect((await ada.client.get(path(story, '/bad%20id'))).status).toBe(404);
    // Another story's version is not this story's.
    const other = await postStory(ada.client);
    expect((await ada.client.get(path(other, `/${only!.id}`))).status).toBe(404);
  });

  it('is the author’s alone: 401 for a guest, 404 when the story cannot be read, 403 otherwise, admins included', async () => {
    const ada = await signUp(api.server);
    const bob = await signUp(api.server);
    const admin: SignedUp = await signUpVerified(api.server, { email: ADMIN_EMAIL });
    const shown = await postStory(ada.client, { public: true, content: 'public words' });
    const hidden = await postStory(ada.client, { public: false, content: 'private words' });
    for (const story of [shown, hidden]) await save(ada.client, story, { content: `${story.id} changed` });
    const [shownVersion] = await allVersions(ada.client, shown);
    const [hiddenVersion] = await allVersions(ada.client, hidden);

    const guest = api.server.client();
    expect((await guest.get(path(shown))).status).toBe(401);
    expect((await guest.get(path(shown, `/${shownVersion!.id}`))).status).toBe(401);
    expect((await guest.send('POST', path(shown, `/${shownVersion!.id}/restore`))).status).toBe(401);

    for (const reader of [bob, admin]) {
      const list = await reader.client.get<ErrorBody>(path(shown));
      expect(list.status).toBe(403);
      expect(list.body.error.message).toBe('Only the author can see this story’s versions.');
      expect((await reader.client.get(path(shown, `/${shownVersion!.id}`))).status).toBe(403);
      expect((await reader.client.send('POST', path(shown, `/${shownVersion!.id}/restore`), {})).status).toBe(403);

      const gone = await reader.client.get<ErrorBody>(path(hidden));
      expect(gone.status).toBe(404);
      expect(gone.body.error.message).toBe('Story not found');
      expect((await reader.client.get(path(hidden, `/${hiddenVersion!.id}`))).status).toBe(404);
      expect((await reader.client.send('POST', path(hidden, `/${hiddenVersion!.id}/restore`), {})).status).toBe(404);
    }
    expect((await bob.client.get(path({ id: 'missingStory00000000' }))).status).toBe(404);
    // Nothing a refused reader did moved the story.
    const after = storyResponseSchema.parse((await ada.client.get(`/api/stories/${shown.id}`)).body).story;
    expect(after.content).toBe(`${shown.id} changed`);
    expect(await storedCount(shown.id)).toBe(1);
  });

  it('refuses a bad cursor and a bad restore body', async () => {
    const ada = await signUp(api.server);
    const story = await postStory(ada.client);
    await save(ada.client, story, { content: 'changed text' });
    const [v] = await allVersions(ada.client, story);
    const cursor = await ada.client.get<ErrorBody>(path(story, '?cursor=eyJrIjoibmV3ZXN0IiwicyI6MX0'));
    expect(cursor.status).toBe(400);
    const badZone = await ada.client.send<ErrorBody>('POST', path(story, `/${v!.id}/restore`), { timezone: 'Mars/Olympus' });
    expect(badZone.status).toBe(400);
    const extra = await ada.client.send<ErrorBody>('POST', path(story, `/${v!.id}/restore`), { content: 'sneaky' });
    expect(extra.status).toBe(400);
    const notJson = await ada.client.raw('POST', path(story, `/${v!.id}/restore`), { body: '{', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(await storedCount(story.id)).toBe(1);
  });

  it('restores a version as a new save: the current text becomes a version and the restored one stays', async () => {
    const ada = await signUp(api.server);
    const story = await postStory(ada.client, { title: 'Draft one', content: 'alpha beta', prompt: null });
    await save(ada.client, story, { title: 'Draft two', content: 'alpha beta gamma delta epsilon' });
    const [first] = await allVersions(ada.client, story);
    expect(first).toMatchObject({ title: 'Draft one', wordCount: 2 });

    // The saves above counted their words on the server's default day (UTC): the restore counts in
    // the same zone, or from 23:00 UTC (Paris already past midnight) it starts a day with no words.
    const res = await ada.client.send('POST', path(story, `/${first!.id}/restore`), { timezone: 'UTC' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const restored = storyRestoredSchema.parse(res.body);
    expect(restored.story).toMatchObject({ title: 'Draft one', content: 'alpha beta', wordCount: 2 });
    expect(restored.progress.wordsToday).toBeGreaterThanOrEqual(5);

    const versions = await allVersions(ada.client, story);
    expect(versions.map((v) => [v.title, v.wordCount])).toEqual([
      ['Draft two', 5],
      ['Draft one', 2],
    ]);
    expect(versions[1]!.id).toBe(first!.id);
    // Restoring the text already current keeps nothing new; a bare POST (no body) works too.
    expect((await ada.client.send('POST', path(story, `/${first!.id}/restore`))).status).toBe(200);
    expect(await storedCount(story.id)).toBe(2);
  });

  it(`keeps at most ${STORY_VERSIONS_MAX} versions, dropping the oldest first`, async () => {
    const ada = await signUp(api.server);
    const story = await postStory(ada.client, { content: 'start' });
    await seedVersions(story, STORY_VERSIONS_MAX - 2);
    // Saves 99, 100, 101 and 102: the list stops growing at the cap, "old 0" and "old 1" go.
    for (const n of [1, 2, 3, 4]) await save(ada.client, story, { content: `save ${n}` });
    expect(await storedCount(story.id)).toBe(STORY_VERSIONS_MAX);
    const versions = await allVersions(ada.client, story);
    expect(versions).toHaveLength(STORY_VERSIONS_MAX);
    expect(versions[0]!.title).toBe(story.title);
    const texts = await api.server.ctx.db.selectFrom('storyVersions').select('content').where('storyId', '=', story.id).execute();
    const contents = new Set(texts.map((t) => t.content));
    expect(contents.has('old 0')).toBe(false);
    expect(contents.has('old 1')).toBe(false);
    expect(contents.has('old 2')).toBe(true);
    for (const kept of ['start', 'save 1', 'save 2', 'save 3']) expect(contents.has(kept)).toBe(true);
    expect(new Set(versions.map((v) => v.id)).size).toBe(STORY_VERSIONS_MAX);

    // Restoring the oldest at the cap keeps it: the next oldest goes instead.
    const oldest = versions.at(-1)!;
    expect((await ada.client.send('POST', path(story, `/${oldest.id}/restore`), {})).status).toBe(200);
    const after = await allVersions(ada.client, story);
    expect(after).toHaveLength(STORY_VERSIONS_MAX);
    expect(after.some((v) => v.id === oldest.id)).toBe(true);
    expect(after.some((v) => v.id === versions.at(-2)!.id)).toBe(false);
  });

  it('keeps one version per changing save in a concurrent burst, with no errors', async () => {
    const ada = await signUp(api.server);
    const story = await postStory(ada.client, { content: 'burst start' });
    // Ten different texts and five repeats of the text already stored, all at once.
    const texts = Array.from({ length: 10 }, (_, i) => `burst text ${i}`);
    const bodies = [...texts.map((content) => ({ content })), ...Array.from({ length: 5 }, () => ({ public: true }))];
    const answers = await Promise.all(bodies.map((body) => ada.client.send('PATCH', `/api/stories/${story.id}`, body)));
    expect(answers.map((a) => [a.status, a.status === 200 ? '' : JSON.stringify(a.body)])).toEqual(bodies.map(() => [200, '']));
    expect(storyResponseSchema.parse((await ada.client.get(`/api/stories/${story.id}`)).body).story.public).toBe(true);
    const versions = await allVersions(ada.client, story);
    // Every text but the final one became a version, once: ten changing saves, eleven texts.
    expect(versions).toHaveLength(10);
    const kept = await api.server.ctx.db.selectFrom('storyVersions').select('content').where('storyId', '=', story.id).execute();
    const current = storyResponseSchema.parse((await ada.client.get(`/api/stories/${story.id}`)).body).story.content;
    expect(new Set([...kept.map((t) => t.content), current])).toEqual(new Set(['burst start', ...texts]));
    const stamps = versions.map((v) => v.replacedAt);
    expect(new Set(stamps).size).toBe(10);
    expect([...stamps].sort().reverse()).toEqual(stamps);
  });

  it('holds the cap under a parallel burst near it', async () => {
    const ada = await signUp(api.server);
    const story = await postStory(ada.client, { content: 'near the cap' });
    await seedVersions(story, STORY_VERSIONS_MAX - 4);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => ada.client.send('PATCH', `/api/stories/${story.id}`, { content: `parallel ${i}` })));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(await storedCount(story.id)).toBe(STORY_VERSIONS_MAX);
    const contents = new Set((await api.server.ctx.db.selectFrom('storyVersions').select('content').where('storyId', '=', story.id).execute()).map((t) => t.content));
    // 96 seeded + 10 new = 106: the six oldest seeded ones went.
    for (let i = 0; i < 6; i++) expect(contents.has(`old ${i}`)).toBe(false);
    expect(contents.has('old 6')).toBe(true);
    expect(contents.has('near the cap')).toBe(true);
  });

  it('goes with the story', async () => {
    const ada = await signUp(api.server);
    const story = await postStory(ada.client);
    await save(ada.client, story, { content: 'second text' });
    await save(ada.client, story, { content: 'third text' });
    expect(await storedCount(story.id)).toBe(2);
    expect((await ada.client.send('DELETE', `/api/stories/${story.id}`)).status).toBe(204);
    expect(await storedCount(story.id)).toBe(0);
    expect((await ada.client.get(path(story))).status).toBe(404);
  });
});
