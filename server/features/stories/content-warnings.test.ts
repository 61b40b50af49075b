import { describe, expect, it } from 'vitest';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import { CONTENT_WARNING_NOTE_MAX, CONTENT_WARNING_TEXTS, type ReadingPreferencesUpdate } from '@common/stories/content-warnings';
import { savedStorySchema, storyPageSchema, storyResponseSchema, type StoryPage } from '@common/stories/story';
import { meResponseSchema } from '@common/me/user';
import { promptForDay } from '@common/prompts/prompts';
import { importReportSchema } from '@common/your-data/your-data';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp } from '../../test/server';
import type { TestClient } from '../../test/client';
import { postStory, type ErrorBody } from './test-support';
import { feedPage, follow } from '../feed/test-support';

async function setPrefs(client: TestClient, prefs: ReadingPreferencesUpdate) {
  const res = await client.send('PUT', '/api/me/reading-preferences', prefs);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return meResponseSchema.parse(res.body).user.readingPreferences;
}

async function listIds(client: TestClient, path: string): Promise<string[]> {
  const res = await client.get<StoryPage>(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return storyPageSchema.parse(res.body).stories.map((s) => s.id);
}

describe.each(testDialects())('content warnings on %s', (dialect) => {
  const api = useTestServer(dialect, { people: ['ada', 'bob'] });

  it('keeps a story’s warnings (known, once each, in the list’s order) and its note through create, read, lists and edit', async () => {
    const story = await postStory(api.ada.client, { public: true, contentWarnings: ['death', 'violence', 'death'], contentWarningNote: '  a dog dies  ' });
    expect(story).toMatchObject({ contentWarnings: ['violence', 'death'], contentWarningNote: 'a dog dies' });

    const read = storyResponseSchema.parse((await api.bob.client.get(`/api/stories/${story.id}`)).body).story;
    expect(read).toMatchObject({ contentWarnings: ['violence', 'death'], contentWarningNote: 'a dog dies' });
    const mine = storyPageSchema.parse((await api.ada.client.get('/api/stories/mine')).body).stories.find((s) => s.id === story.id);
    expect(mine).toMatchObject({ contentWarnings: ['violence', 'death'], contentWarningNote: 'a dog dies' });

    // An edit of only the warnings is an edit; an empty note is none; the text is not versioned for it.
    const edited = await api.ada.client.patch(`/api/stories/${story.id}`, { contentWarnings: ['strong-language'], contentWarningNote: '' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(savedStorySchema.parse(edited.body).story).toMatchObject({ contentWarnings: ['strong-language'], contentWarningNote: null });
    const versions = await api.server.ctx.db.selectFrom('storyVersions').select('id').where('storyId', '=', story.id).execute();
    expect(versions).toEqual([]);

    const plain = await postStory(api.ada.client, { public: true });
    expect(plain).toMatchObject({ contentWarnings: [], contentWarningNote: null });
  });

  it('refuses an unknown warning, a note past the limit, or not a list, with 400 and the error shape; nothing is saved', async () => {
    const before = await api.server.ctx.db.selectFrom('stories').select('id').where('uid', '=', api.ada.uid).execute();
    const base = { title: 'Warned', content: 'Some words.' };
    const unknown = await api.ada.client.post<ErrorBody>('/api/stories', { ...base, contentWarnings: ['violence', 'spiders'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toEqual({ code: 'validation_failed', message: expect.stringContaining(CONTENT_WARNING_TEXTS.unknown) });
    const long = await api.ada.client.post<ErrorBody>('/api/stories', { ...base, contentWarningNote: 'x'.repeat(CONTENT_WARNING_NOTE_MAX + 1) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain(CONTENT_WARNING_TEXTS.noteTooLong);
    const notList = await api.ada.client.post<ErrorBody>('/api/stories', { ...base, contentWarnings: 'violence' });
    expect(notList.status).toBe(400);
    expect(notList.body.error.code).toEqual(expect.any(String));
    const after = await api.server.ctx.db.selectFrom('stories').select('id').where('uid', '=', api.ada.uid).execute();
    expect(after.length).toBe(before.length);

    // Exactly the limit is fine; on an edit the same rules hold.
    const story = await postStory(api.ada.client, { contentWarningNote: 'y'.repeat(CONTENT_WARNING_NOTE_MAX) });
    expect(story.contentWarningNote).toHaveLength(CONTENT_WARNING_NOTE_MAX);
    const badEdit = await api.ada.client.patch<ErrorBody>(`/api/stories/${story.id}`, { contentWarnings: ['gore'] });
    expect(badEdit.status).toBe(400);
    expect(badEdit.body.error.message).toContain(CONTENT_WARNING_TEXTS.unknown);
    const longEdit = await api.ada.client.patch<ErrorBody>(`/api/stories/${story.id}`, { contentWarningNote: 'z'.repeat(CONTENT_WARNING_NOTE_MAX + 1) });
    expect(longEdit.status).toBe(400);
    expect(longEdit.body.error.message).toContain(CONTENT_WARNING_TEXTS.noteTooLong);
    // Another writer cannot change them.
    expect((await api.bob.client.patch(`/api/stories/${story.id}`, { contentWarnings: [] })).status).toBe(404);
  });

  it('keeps reading preferences to their owner: 401 for a guest, 400 for unknown values, never in anyone else’s answers', async () => {
    const reader = await signUp(api.server);
    expect((await api.server.client().send('PUT', '/api/me/reading-preferences', { hiddenWarnings: [], alwaysShowText: true })).status).toBe(401);
    const unknown = await reader.client.send<ErrorBody>('PUT', '/api/me/reading-preferences', { hiddenWarnings: ['spiders'], alwaysShowText: false });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain(CONTENT_WARNING_TEXTS.unknown);
    const notBool = await reader.client.send<ErrorBody>('PUT', '/api/me/reading-preferences', { hiddenWarnings: [], alwaysShowText: 'yes' });
    expect(notBool.status).toBe(400);
    const extra = await reader.client.send<ErrorBody>('PUT', '/api/me/reading-preferences', { hiddenWarnings: [], alwaysShowText: false, uid: api.bob.uid });
    expect(extra.status).toBe(400);

    expect(await setPrefs(reader.client, { hiddenWarnings: ['abuse', 'violence'], alwaysShowText: true })).toEqual({ hiddenWarnings: ['violence', 'abuse'], alwaysShowText: true });
    const own = meResponseSchema.parse((await reader.client.get('/api/me')).body).user.readingPreferences;
    expect(own).toEqual({ hiddenWarnings: ['violence', 'abuse'], alwaysShowText: true });
    // Bob's record is his own; the reader's public profile says nothing of their choices.
    expect(meResponseSchema.parse((await api.bob.client.get('/api/me')).body).user.readingPreferences).toEqual({ hiddenWarnings: [], alwaysShowText: false });
    const profile = await api.bob.client.get(`/api/users/${reader.uid}`);
    expect(profile.status).toBe(200);
    expect(JSON.stringify(profile.body)).not.toMatch(/hiddenWarnings|alwaysShowText|readingPreferences/);
  });

  it('leaves stories with a hidden warning out of the reader’s community, search, profile lists and feed; never the writer’s own', async () => {
    const writer = await signUp(api.server);
    const reader = await signUp(api.server);
    const violent = await postStory(writer.client, { public: true, title: 'Lantern violent', contentWarnings: ['violence'] });
    const sad = await postStory(writer.client, { public: true, title: 'Lantern sad', contentWarnings: ['death'], contentWarningNote: 'grief' });
    const day = '2025-02-14';
    const clean = await postStory(writer.client, { public: true, title: 'Lantern clean', prompt: promptForDay(day), promptDay: day });
    const violentOnDay = await postStory(writer.client, { public: true, title: 'Lantern on the day', prompt: promptForDay(day), promptDay: day, contentWarnings: ['violence'] });
    await follow(api.server, reader.uid, writer.uid);
    const lists = {
      shared: '/api/stories/community',
      paged: '/api/stories/community?limit=50',
      search: '/api/stories/community?q=Lantern',
      profile: `/api/stories/community?author=${writer.uid}`,
      profileStories: `/api/users/${writer.uid}/stories`,
    };
    for (const path of Object.values(lists)) expect(await listIds(reader.client, path), path).toEqual(expect.arrayContaining([violent.id, sad.id, clean.id]));
    const promptDayList = `/api/prompts/${day}/stories?limit=50`;
    expect(await listIds(reader.client, promptDayList)).toEqual(expect.arrayContaining([violentOnDay.id, clean.id]));

    await setPrefs(reader.client, { hiddenWarnings: ['violence'], alwaysShowText: false });
    for (const path of Object.values(lists)) {
      const ids = await listIds(reader.client, path);
      expect(ids, path).not.toContain(violent.id);
      expect(ids, path).toEqual(expect.arrayContaining([sad.id, clean.id]));
    }
    const onDay = await listIds(reader.client, promptDayList);
    expect(onDay).toContain(clean.id);
    expect(onDay).not.toContain(violentOnDay.id);
    const feed = (await feedPage(reader.client)).stories.map((s) => s.id);
    expect(feed).not.toContain(violent.id);
    expect(feed).toEqual(expect.arrayContaining([sad.id, clean.id]));
    // Opened on purpose (a link), the story still reads; the choice hides it from lists only.
    expect((await reader.client.get(`/api/stories/${violent.id}`)).status).toBe(200);
    // Others' lists are untouched; so is a guest's shared page.
    expect(await listIds(api.bob.client, lists.shared)).toContain(violent.id);
    expect(await listIds(api.server.client(), lists.shared)).toContain(violent.id);

    // Hiding both: only the clean one is left; clearing brings all back.
    await setPrefs(reader.client, { hiddenWarnings: ['violence', 'death'], alwaysShowText: false });
    const both = await listIds(reader.client, lists.profile);
    expect(both).toContain(clean.id);
    expect(both).not.toContain(violent.id);
    expect(both).not.toContain(sad.id);
    await setPrefs(reader.client, { hiddenWarnings: [], alwaysShowText: false });
    expect(await listIds(reader.client, lists.shared)).toEqual(expect.arrayContaining([violent.id, sad.id, clean.id]));

    // A writer who hides a warning still sees their own stories carrying it, everywhere.
    await setPrefs(writer.client, { hiddenWarnings: ['violence'], alwaysShowText: false });
    expect(await listIds(writer.client, lists.shared)).toContain(violent.id);
    expect(await listIds(writer.client, lists.profile)).toContain(violent.id);
    expect(await listIds(writer.client, '/api/stories/mine')).toContain(violent.id);
  });

  it('exports a story’s warnings and imports them back', async () => {
    const writer = await signUp(api.server);
    await postStory(writer.client, { title: 'Exported', contentWarnings: ['self-harm', 'abuse'], contentWarningNote: 'handled gently' });
    const res = await writer.client.raw('GET', '/api/export/download');
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const markdownName = Object.keys(files).find((name) => name.endsWith('.md') && strFromU8(files[name]!).includes('Exported'));
    expect(markdownName).toBeDefined();
    const markdown = strFromU8(files[markdownName!]!);
    expect(markdown).toContain('contentWarnings: "Self-harm, Abuse"');
    expect(markdown).toContain('contentWarningNote: "handled gently"');
    const listed = JSON.parse(strFromU8(files['stories.json']!)) as Array<{ title: string; contentWarnings: string[]; contentWarningNote: string | null }>;
    expect(listed.find((s) => s.title === 'Exported')).toMatchObject({ contentWarnings: ['Self-harm', 'Abuse'], contentWarningNote: 'handled gently' });

    const other = await signUp(api.server);
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(strToU8(markdown))]), 'exported.md');
    form.append('files', new Blob([new Uint8Array(strToU8('---\ntitle: Odd\ncontentWarnings: violence, spiders\ncontentWarningNote: "' + 'n'.repeat(200) + '"\n---\nText.\n'))]), 'odd.md');
    const upload = await fetch(new URL('/api/import', other.client.baseUrl), { method: 'POST', body: form, headers: { cookie: other.client.cookieHeader, origin: other.client.baseUrl } });
    expect(upload.status).toBe(200);
    const report = importReportSchema.parse(await upload.json());
    expect(report.imported).toBe(2);
    const stories = storyPageSchema.parse((await other.client.get('/api/stories/mine')).body).stories;
    expect(stories.find((s) => s.title === 'Exported')).toMatchObject({ contentWarnings: ['self-harm', 'abuse'], contentWarningNote: 'handled gently' });
    // Unknown names and a note past the limit are left off, not refused.
    expect(stories.find((s) => s.title === 'Odd')).toMatchObject({ contentWarnings: ['violence'], contentWarningNote: null });
  });
});
