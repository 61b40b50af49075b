import { beforeAll, describe, expect, it } from 'vitest';
import { publicProfileResponseSchema, type PublicProfileResponse } from '@common/profile/profile';
import { storyPageSchema, type StoryPage } from '@common/stories/story';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { ADMIN_EMAIL, signUp } from '../../test/server';
import { postStory, type ErrorBody } from '../stories/test-support';

describe.each(testDialects())('public profiles on %s', (dialect) => {
  const publicIds: string[] = [];
  let privateId = '';

  // The writer is the admin, with preferences, a favourite and a time zone: none of it may show.
  const api = useTestServer(dialect, { people: { writer: { admin: true, name: 'Grace Writer' }, reader: { name: 'Rex Reader' } } });
  beforeAll(async () => {
    await api.writer.client.patch('/api/me/preferences', { themeMode: 'dark-blue', colorTheme: 'violet' });
    await api.writer.client.patch('/api/me/pronouns', { pronouns: 'she/her' });
    await api.writer.client.patch('/api/me/about', { aboutMe: 'I write about lighthouses.' });
    await api.writer.client.patch('/api/me/details', { location: 'Brest', website: 'grace.example.com', bluesky: '@grace.bsky.social', xcom: '@grace', reddit: 'u/grace' });
    await api.writer.client.patch('/api/me/profile-icon', { profileIcon: 'Scroll' });
    for (const [words, isPublic] of [[20, true], [50, false], [30, true], [11, true]] as const) {
      const story = await postStory(api.writer.client, { content: 'word '.repeat(words), public: isPublic, timezone: 'Europe/Paris' });
      if (isPublic) publicIds.push(story.id);
      else privateId = story.id;
    }
    await api.writer.client.send('PUT', `/api/favorites/${publicIds[0]}`);
    await api.server.ctx.db.updateTable('stories').set({ likesCount: 4, commentsCount: 2, viewsCount: 9 }).where('id', '=', publicIds[0]!).execute();
    await api.server.ctx.db.updateTable('stories').set({ likesCount: 100, commentsCount: 100, viewsCount: 100 }).where('id', '=', privateId).execute();
  });

  it('shows public fields and public statistics to another reader', async () => {
    const res = await api.reader.client.get<PublicProfileResponse>(`/api/users/${api.writer.uid}`);
    expect(res.status).toBe(200);
    expect(publicProfileResponseSchema.parse(res.body)).toEqual({
      profile: {
        uid: api.writer.uid,
        handle: 'grace_writer',
        displayName: 'Grace Writer',
        name: 'Grace Writer',
        profileIcon: 'Scroll',
        profileImage: null,
        pronouns: 'she/her',
        aboutMe: 'I write about lighthouses.',
        location: 'Brest',
        website: 'https://grace.example.com',
        bluesky: 'grace.bsky.social',
        xcom: 'grace',
        reddit: 'grace',
      },
      // Over the three public stories only: the private one's 50 words and counters stay out.
      stats: { streak: 1, bestStreak: 1, likes: 4, comments: 2, views: 9, avgWords: 20, longestStory: 30, publicStories: 3, perfectDrabbles: 0 },
    });
  });

  it('leaks nothing private: no email, favourites, admin flag, appearance or time zone', async () => {
    const res = await api.reader.client.get<PublicProfileResponse>(`/api/users/${api.writer.uid}`);
    expect(Object.keys(res.body.profile).sort()).toEqual(
      ['aboutMe', 'bluesky', 'displayName', 'handle', 'location', 'name', 'profileIcon', 'profileImage', 'pronouns', 'reddit', 'uid', 'website', 'xcom'],
    );
    const text = JSON.stringify(res.body);
    for (const secret of [ADMIN_EMAIL, 'favorites', 'admin', 'themeMode', 'dark-blue', 'colorTheme', 'violet', 'timezone', 'Europe/Paris', privateId, 'email']) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('is readable signed out, like public stories', async () => {
    const res = await api.server.client().get<PublicProfileResponse>(`/api/users/${api.writer.uid}`);
    expect(res.status).toBe(200);
    expect(res.body.profile.displayName).toBe('Grace Writer');
  });

  it('answers an unknown or malformed id with 404 User not found', async () => {
    for (const uid of ['no-such-user', 'x'.repeat(65), '..%2F..%2Fetc', '%00']) {
      const res = await api.reader.client.get<ErrorBody>(`/api/users/${uid}`);
      expect(res.status, uid).toBe(404);
      expect(res.body.error).toEqual({ code: 'not_found', message: 'User not found' });
    }
    expect((await api.reader.client.get(`/api/users/no-such-user/stories`)).status).toBe(404);
  });

  it('calls a writer without a display name by their name, never their email', async () => {
    const nameless = await signUp(api.server, { name: '' });
    const res = await api.reader.client.get<PublicProfileResponse>(`/api/users/${nameless.uid}`);
    expect(res.body.profile.displayName).not.toContain('@');
    expect(JSON.stringify(res.body)).not.toContain(nameless.email);
  });

  it('lists only public stories, newest first, paged, without owner or favourite actions for others', async () => {
    const first = await api.reader.client.get<StoryPage>(`/api/users/${api.writer.uid}/stories?limit=2`);
    expect(first.status).toBe(200);
    const page1 = storyPageSchema.parse(first.body);
    expect(page1.stories.map((s) => s.id)).toEqual([publicIds[2], publicIds[1]]);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = storyPageSchema.parse((await api.reader.client.get(`/api/users/${api.writer.uid}/stories?limit=2&cursor=${page1.nextCursor}`)).body);
    expect(page2.stories.map((s) => s.id)).toEqual([publicIds[0]]);
    expect(page2.nextCursor).toBeNull();
    for (const story of [...page1.stories, ...page2.stories]) {
      expect(story.public).toBe(true);
      expect(story.permissions).toMatchObject({ edit: false, delete: false, changeVisibility: false });
    }
    // Even the owner sees only the public ones here.
    const own = storyPageSchema.parse((await api.writer.client.get(`/api/users/${api.writer.uid}/stories`)).body);
    expect(own.stories.map((s) => s.id)).not.toContain(privateId);
    expect(own.stories).toHaveLength(3);
  });

  it('refuses bad paging parameters with 400', async () => {
    expect((await api.reader.client.get(`/api/users/${api.writer.uid}/stories?limit=0`)).status).toBe(400);
    expect((await api.reader.client.get(`/api/users/${api.writer.uid}/stories?cursor=garbage`)).status).toBe(400);
  });
});
