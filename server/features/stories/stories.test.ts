import { describe, expect, it } from 'vitest';
import { promptForDay, utcDayKey } from '@common/prompts/prompts';
import { storySchema, type Story } from '@common/stories/story';
import type { Progress } from '@common/streaks/streak';
import type { UserRecord } from '@common/me/user';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { postStory, type ErrorBody } from './test-support';

describe.each(testDialects())('stories on %s', (dialect) => {
  const api = useTestServer(dialect, { people: { ada: { name: 'Ada Writer' }, bob: { name: 'Bob Reader' } } });

  it('creates a private story with every field of the stories entity', async () => {
    const prompt = promptForDay(utcDayKey(new Date()));
    const res = await api.ada.client.post<{ story: Story; progress: Progress }>('/api/stories', {
      title: '  The Lighthouse  ',
      content: 'The keeper waited.\n\nThe light did not.\n',
      prompt,
    });
    expect(res.status).toBe(201);
    const story = storySchema.parse(res.body.story);
    expect(story).toMatchObject({
      uid: api.ada.uid,
      title: 'The Lighthouse',
      content: 'The keeper waited.\n\nThe light did not.',
      body: 'The keeper waited.\n\nThe light did not.',
      public: false,
      likesCount: 0,
      commentsCount: 0,
      viewsCount: 0,
      madePublicAt: null,
      madePrivateAt: null,
      prompt,
      authorDisplayName: 'Ada Writer',
      authorProfileIcon: 'User',
      authorProfileColor: 'blue',
      authorProfileImage: null,
      wordCount: 7,
      charCount: 38,
      reactions: { counts: { heart: 0, fire: 0, laugh: 0, wow: 0, sad: 0, clap: 0 }, mine: [] },
      permissions: { edit: true, delete: true, changeVisibility: true, react: false, comment: false, favorite: false, remove: false },
    });
    expect(story.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(story.createdAt).toBe(story.created_at);
    expect(Date.parse(story.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(res.body.progress.wordsToday).toBeGreaterThanOrEqual(7);
  });

  it('records madePublicAt for a story created public, and accepts no prompt', async () => {
    const story = await postStory(api.ada.client, { public: true, prompt: null });
    expect(story.public).toBe(true);
    expect(story.madePublicAt).toBe(story.createdAt);
    expect(story.prompt).toBeNull();
  });

  it('answers 400 with a plain message for bad bodies, never 500', async () => {
    const bad = async (body: unknown) => {
      const res = await api.ada.client.post<ErrorBody>('/api/stories', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.error;
    };
    expect((await bad({ title: '', content: 'x' })).message).toContain('Please give your story a title.');
    expect((await bad({ title: 'x'.repeat(121), content: 'x' })).message).toContain('Title must be at most 120 characters.');
    expect((await bad({ title: 't', content: '   ' })).message).toContain('Please write your story before saving.');
    expect((await bad({ title: 't', content: 'x'.repeat(10_001) })).message).toContain('10,000 characters');
    expect((await bad({ title: 't', content: 'x', prompt: { genre: 'Opera', theme: 'Loss', twist: 'x' } })).code).toBe('validation_failed');
    expect((await bad({ title: 't', content: 'x', likesCount: 5 })).code).toBe('validation_failed');
    expect((await bad({ title: 't', content: 'x', timezone: 'Mars/Base' })).message).toContain('Unknown time zone.');
    expect((await bad({ title: 7, content: 'x' })).code).toBe('validation_failed');
    const notJson = await api.ada.client.raw('POST', '/api/stories', { body: '{oops', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
  });

  it('accepts the longest title and text', async () => {
    const story = await postStory(api.ada.client, { title: 'T'.repeat(120), content: 'w '.repeat(5_000) });
    expect(story.title).toHaveLength(120);
    expect(story.wordCount).toBe(5_000);
  });

  it('needs a session to write', async () => {
    const guest = api.server.client();
    expect((await guest.post('/api/stories', { title: 't', content: 'x' })).status).toBe(401);
  });

  it('shows a private story to its owner only: everyone else gets the same 404 as a missing one', async () => {
    const story = await postStory(api.ada.client);
    expect((await api.ada.client.get(`/api/stories/${story.id}`)).status).toBe(200);
    const forBob = await api.bob.client.get<ErrorBody>(`/api/stories/${story.id}`);
    const forGuest = await api.server.client().get<ErrorBody>(`/api/stories/${story.id}`);
    const missing = await api.bob.client.get<ErrorBody>('/api/stories/doesNotExist0000000');
    const malformed = await api.bob.client.get<ErrorBody>('/api/stories/not..an-id');
    for (const res of [forBob, forGuest, missing, malformed]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'not_found', message: 'Story not found' } });
    }
  });

  it('shows a public story to readers and guests, with what each may do', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const asBob = await api.bob.client.get<{ story: Story }>(`/api/stories/${story.id}`);
    expect(asBob.body.story.permissions).toEqual({ edit: false, delete: false, changeVisibility: false, react: true, comment: true, favorite: true, remove: false });
    const asGuest = await api.server.client().get<{ story: Story }>(`/api/stories/${story.id}`);
    expect(asGuest.status).toBe(200);
    expect(asGuest.body.story.permissions).toEqual({ edit: false, delete: false, changeVisibility: false, react: false, comment: false, favorite: false, remove: false });
  });

  it('lets only the owner edit: title, text, prompt, and a fresh author snapshot', async () => {
    const story = await postStory(api.ada.client, { content: 'one two three' });
    const edited = await api.ada.client.patch<{ story: Story }>(`/api/stories/${story.id}`, { title: 'Renamed', content: 'one two three four', prompt: null });
    expect(edited.status).toBe(200);
    expect(edited.body.story).toMatchObject({ title: 'Renamed', content: 'one two three four', wordCount: 4, prompt: null });
    expect(edited.body.story.updatedAt >= story.updatedAt).toBe(true);
    expect(edited.body.story.createdAt).toBe(story.createdAt);

    const publicStory = await postStory(api.ada.client, { public: true });
    const byBob = await api.bob.client.patch<ErrorBody>(`/api/stories/${publicStory.id}`, { title: 'Mine now' });
    expect(byBob.status).toBe(403);
    expect(byBob.body.error.message).toBe('Only the author can edit this story.');
    expect((await api.bob.client.patch(`/api/stories/${story.id}`, { title: 'x' })).status).toBe(404);
    expect((await api.ada.client.patch(`/api/stories/${story.id}`, {})).status).toBe(400);
    expect((await api.ada.client.patch(`/api/stories/${story.id}`, { uid: api.bob.uid })).status).toBe(400);
  });

  it('changes visibility, recording madePublicAt / madePrivateAt and logging story_public_toggle', async () => {
    const story = await postStory(api.ada.client);
    const made = await api.ada.client.patch<{ story: Story }>(`/api/stories/${story.id}/visibility`, { public: true });
    expect(made.status).toBe(200);
    expect(made.body.story.public).toBe(true);
    expect(made.body.story.madePublicAt).not.toBeNull();
    expect(made.body.story.madePrivateAt).toBeNull();

    const back = await api.ada.client.patch<{ story: Story }>(`/api/stories/${story.id}/visibility`, { public: false });
    expect(back.body.story.public).toBe(false);
    expect(back.body.story.madePrivateAt).not.toBeNull();
    expect(back.body.story.madePublicAt).toBe(made.body.story.madePublicAt);

    // Setting the visibility it already has changes and logs nothing.
    await api.ada.client.patch(`/api/stories/${story.id}/visibility`, { public: false });
    const logs = await api.server.ctx.db.selectFrom('systemLogs').selectAll().where('resource', '=', `stories/${story.id}`).orderBy('timestamp').orderBy('id').execute();
    expect(logs.map((l) => [l.type, l.action])).toEqual([
      ['story_public_toggle', 'make_public'],
      ['story_public_toggle', 'make_private'],
    ]);
    expect(JSON.parse(logs[0]!.details!)).toEqual({ storyId: story.id, public: true });
    expect(JSON.parse(logs[0]!.user!)).toMatchObject({ uid: api.ada.uid });
  });

  it('changes visibility through the editor save too, logged the same way', async () => {
    const story = await postStory(api.ada.client);
    const saved = await api.ada.client.patch<{ story: Story }>(`/api/stories/${story.id}`, { public: true });
    expect(saved.body.story.public).toBe(true);
    expect(saved.body.story.madePublicAt).not.toBeNull();
    expect(saved.body.story.updatedAt).toBe(story.updatedAt);
    const logs = await api.server.ctx.db.selectFrom('systemLogs').select('type').where('resource', '=', `stories/${story.id}`).execute();
    expect(logs).toEqual([{ type: 'story_public_toggle' }]);
  });

  it('lets only the owner change visibility or delete', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const toggle = await api.bob.client.patch<ErrorBody>(`/api/stories/${story.id}/visibility`, { public: false });
    expect(toggle.status).toBe(403);
    expect((await api.bob.client.delete(`/api/stories/${story.id}`)).status).toBe(403);
    expect((await api.server.client().delete(`/api/stories/${story.id}`)).status).toBe(401);
    expect((await api.ada.client.patch(`/api/stories/${story.id}/visibility`, { public: 'yes' })).status).toBe(400);
    const hidden = await postStory(api.ada.client);
    expect((await api.bob.client.patch(`/api/stories/${hidden.id}/visibility`, { public: true })).status).toBe(404);
    expect((await api.bob.client.delete(`/api/stories/${hidden.id}`)).status).toBe(404);
  });

  it('deletes a story with its reactions, comments, views and favourites, and logs story_deleted without text', async () => {
    const story = await postStory(api.ada.client, { public: true, title: 'Secret title', content: 'secret words here' });
    await api.bob.client.send('PUT', `/api/stories/${story.id}/reactions/heart`);
    await api.bob.client.post(`/api/stories/${story.id}/comments`, { text: 'Nice' });
    await api.bob.client.post(`/api/stories/${story.id}/view`);
    await api.bob.client.send('PUT', `/api/favorites/${story.id}`);
    expect((await api.bob.client.get<{ user: UserRecord }>('/api/me')).body.user.favorites).toContain(story.id);

    const res = await api.ada.client.delete(`/api/stories/${story.id}`);
    expect(res.status).toBe(204);
    expect((await api.ada.client.get(`/api/stories/${story.id}`)).status).toBe(404);
    expect((await api.ada.client.delete(`/api/stories/${story.id}`)).status).toBe(404);
    for (const table of ['storyReactions', 'storyComments', 'storyViews', 'userFavorites'] as const) {
      const left = await api.server.ctx.db.selectFrom(table).select('storyId').where('storyId', '=', story.id).execute();
      expect(left, table).toEqual([]);
    }
    expect((await api.bob.client.get<{ user: UserRecord }>('/api/me')).body.user.favorites).not.toContain(story.id);

    const log = await api.server.ctx.db.selectFrom('systemLogs').selectAll().where('type', '=', 'story_deleted').where('resource', '=', `stories/${story.id}`).executeTakeFirstOrThrow();
    expect(log.action).toBe('delete');
    expect(JSON.parse(log.details!)).toEqual({ storyId: story.id, public: true, wordCount: 3, likesCount: 1, commentsCount: 1 });
    expect(log.details).not.toContain('secret');
  });
});
