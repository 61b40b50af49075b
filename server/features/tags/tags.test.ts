import { describe, expect, it } from 'vitest';
import { TAG_TEXTS, TAGS_PER_STORY_MAX } from '@common/tags/tags';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import { savedStorySchema, storyPageSchema, storyResponseSchema } from '@common/stories/story';
import { importReportSchema } from '@common/your-data/your-data';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp } from '../../test/server';
import { postStory, type ErrorBody } from '../stories/test-support';

describe.each(testDialects())('tags on stories on %s', (dialect) => {
  const api = useTestServer(dialect, { people: ['ada', 'bob'] });

  const tagRows = (storyId: string) =>
    api.server.ctx.db.selectFrom('storyTags as st').innerJoin('tags as t', 't.id', 'st.tagId').select(['t.key', 't.name']).where('st.storyId', '=', storyId).orderBy('t.key').execute();

  it('keeps a story’s tags through create, read, cards and edit; one tag per key, shown as first written', async () => {
    const story = await postStory(api.ada.client, { public: true, tags: ['#Ghost  Story', 'Gēist', 'ghost-story', 'geist'] });
    // Spaces and hyphens are one separator: "Ghost Story" and "#ghost-story" are one tag; so are "Gēist" and "geist".
    expect(story.tags).toEqual([{ key: 'ghost-story', name: 'Ghost Story' }, { key: 'geist', name: 'Gēist' }]);
    expect(await tagRows(story.id)).toEqual([{ key: 'geist', name: 'Gēist' }, { key: 'ghost-story', name: 'Ghost Story' }]);

    const read = storyResponseSchema.parse((await api.bob.client.get(`/api/stories/${story.id}`)).body).story;
    expect(read.tags).toEqual(story.tags);
    const card = storyPageSchema.parse((await api.bob.client.get(`/api/stories/community?author=${api.ada.uid}`)).body).stories.find((s) => s.id === story.id);
    expect(card?.tags).toEqual(story.tags);

    // Another writer's spelling of an existing tag shows its first name.
    const bobs = await postStory(api.bob.client, { public: true, tags: ['GHOST STORY', 'geist'] });
    expect(bobs.tags).toEqual([{ key: 'ghost-story', name: 'Ghost Story' }, { key: 'geist', name: 'Gēist' }]);
    const keys = await api.server.ctx.db.selectFrom('tags').select('key').where('key', 'in', ['ghost-story', 'geist']).execute();
    expect(keys).toHaveLength(2);

    // An edit of only the tags replaces them and is not a text change.
    const edited = await api.ada.client.patch(`/api/stories/${story.id}`, { tags: ['grief', 'Ghost Story'] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(savedStorySchema.parse(edited.body).story.tags).toEqual([{ key: 'grief', name: 'grief' }, { key: 'ghost-story', name: 'Ghost Story' }]);
    expect(await tagRows(story.id)).toEqual([{ key: 'ghost-story', name: 'Ghost Story' }, { key: 'grief', name: 'grief' }]);
    expect(await api.server.ctx.db.selectFrom('storyVersions').select('id').where('storyId', '=', story.id).execute()).toEqual([]);
    const cleared = await api.ada.client.patch(`/api/stories/${story.id}`, { tags: [] });
    expect(savedStorySchema.parse(cleared.body).story.tags).toEqual([]);
    expect(await tagRows(story.id)).toEqual([]);
    // An edit without `tags` leaves them alone.
    const tagged = await postStory(api.ada.client, { tags: ['keep me'] });
    const retitled = await api.ada.client.patch(`/api/stories/${tagged.id}`, { title: 'New title' });
    expect(savedStorySchema.parse(retitled.body).story.tags).toEqual([{ key: 'keep-me', name: 'keep me' }]);
  });

  it('refuses too many tags, a bad tag or not a list with 400 and the error shape; nothing is saved', async () => {
    const before = await api.server.ctx.db.selectFrom('stories').select('id').where('uid', '=', api.ada.uid).execute();
    const base = { title: 'Tagged', content: 'Some words.' };
    const six = ['one1', 'two2', 'three', 'four', 'five', 'six6'];
    const cases: Array<[unknown, string]> = [
      [six, TAG_TEXTS.tooMany],
      [['fine', 'under_score'], TAG_TEXTS.badCharacters],
      [['x'], TAG_TEXTS.tooShort],
      [['#'], TAG_TEXTS.tooShort],
      [['y'.repeat(41)], TAG_TEXTS.tooLong],
      ['ghost', TAG_TEXTS.notList],
      [[42], TAG_TEXTS.badCharacters],
    ];
    for (const [tags, message] of cases) {
      const res = await api.ada.client.post<ErrorBody>('/api/stories', { ...base, tags });
      expect(res.status, JSON.stringify(tags)).toBe(400);
      expect(res.body.error).toEqual({ code: 'validation_failed', message: expect.stringContaining(message) });
    }
    expect(await api.server.ctx.db.selectFrom('stories').select('id').where('uid', '=', api.ada.uid).execute()).toHaveLength(before.length);

    // Five is fine, and five spellings of fewer tags are fewer tags.
    const five = await postStory(api.ada.client, { tags: six.slice(0, TAGS_PER_STORY_MAX) });
    expect(five.tags).toHaveLength(TAGS_PER_STORY_MAX);
    const badEdit = await api.ada.client.patch<ErrorBody>(`/api/stories/${five.id}`, { tags: six });
    expect(badEdit.status).toBe(400);
    expect(badEdit.body.error.message).toContain(TAG_TEXTS.tooMany);
    expect(await tagRows(five.id)).toHaveLength(TAGS_PER_STORY_MAX);
    // Another writer cannot change them.
    expect((await api.bob.client.patch(`/api/stories/${five.id}`, { tags: [] })).status).toBe(404);
    expect(await tagRows(five.id)).toHaveLength(TAGS_PER_STORY_MAX);
  });

  it('holds the five-tag limit when one story is edited in parallel', async () => {
    const story = await postStory(api.ada.client, { public: true, tags: ['start'] });
    const sets = Array.from({ length: 12 }, (_, i) => Array.from({ length: TAGS_PER_STORY_MAX }, (_, j) => `burst ${i} ${j}`));
    const results = await Promise.all(sets.map((tags) => api.ada.client.patch(`/api/stories/${story.id}`, { tags })));
    for (const res of results) expect([200, 429], JSON.stringify(res.body)).toContain(res.status);
    expect(results.some((res) => res.status === 200)).toBe(true);
    const rows = await tagRows(story.id);
    expect(rows).toHaveLength(TAGS_PER_STORY_MAX);
    // Exactly one edit's set, and the story's shown tags agree with the rows.
    const burst = rows.map((row) => row.name.split(' ')[1]);
    expect(new Set(burst).size).toBe(1);
    const read = storyResponseSchema.parse((await api.ada.client.get(`/api/stories/${story.id}`)).body).story;
    expect(read.tags.map((t) => t.key).sort()).toEqual(rows.map((r) => r.key).sort());
    // Two stories creating the same new tag at once make one tags row.
    await Promise.all([postStory(api.ada.client, { tags: ['brand new tag'] }), postStory(api.bob.client, { tags: ['Brand-New Tag'] })]);
    expect(await api.server.ctx.db.selectFrom('tags').select('id').where('key', '=', 'brand-new-tag').execute()).toHaveLength(1);
  });

  it('deleting a story takes its tag rows with it', async () => {
    const story = await postStory(api.ada.client, { tags: ['short lived'] });
    expect((await api.ada.client.send('DELETE', `/api/stories/${story.id}`)).status).toBe(204);
    expect(await tagRows(story.id)).toEqual([]);
  });

  it('exports a story’s tags and imports them back; bad ones in a hand-written file are left off', async () => {
    const writer = await signUp(api.server);
    await postStory(writer.client, { title: 'Tagged export', tags: ['Ghost Story', 'grief'] });
    const res = await writer.client.raw('GET', '/api/export/download');
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const markdownName = Object.keys(files).find((name) => name.endsWith('.md') && strFromU8(files[name]!).includes('Tagged export'));
    const markdown = strFromU8(files[markdownName!]!);
    expect(markdown).toContain('tags: "Ghost Story, grief"');
    const listed = JSON.parse(strFromU8(files['stories.json']!)) as Array<{ title: string; tags: string[] }>;
    expect(listed.find((s) => s.title === 'Tagged export')?.tags).toEqual(['Ghost Story', 'grief']);

    const other = await signUp(api.server);
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(strToU8(markdown))]), 'exported.md');
    form.append('files', new Blob([new Uint8Array(strToU8('---\ntitle: Odd tags\ntags: fine one, bad!tag, x\n---\nText.\n'))]), 'odd.md');
    const upload = await fetch(new URL('/api/import', other.client.baseUrl), { method: 'POST', body: form, headers: { cookie: other.client.cookieHeader, origin: other.client.baseUrl } });
    expect(upload.status).toBe(200);
    expect(importReportSchema.parse(await upload.json()).imported).toBe(2);
    const mine = storyPageSchema.parse((await other.client.get('/api/stories/mine')).body).stories;
    expect(mine.find((s) => s.title === 'Tagged export')?.tags).toEqual([{ key: 'ghost-story', name: 'Ghost Story' }, { key: 'grief', name: 'grief' }]);
    expect(mine.find((s) => s.title === 'Odd tags')?.tags).toEqual([{ key: 'fine-one', name: 'fine one' }]);
  });
});
