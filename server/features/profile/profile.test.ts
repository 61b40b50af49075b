import { describe, expect, it } from 'vitest';
import { myStatsResponseSchema } from '@common/profile/profile';
import type { UserRecord } from '@common/me/user';
import { testDialects } from '../../test/databases';
import { openEventStream } from '../../test/sse';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import { postStory, type ErrorBody } from '../stories/test-support';
import { nextUserUpdate } from './test-support';

type UserBody = { user: UserRecord };

describe.each(testDialects())('my profile on %s', (dialect) => {
  const api = useTestServer(dialect);

  const stored = (uid: string) => api.server.ctx.db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();
  const activity = (uid: string, type: string) =>
    api.server.ctx.db.selectFrom('activityLogs').selectAll().where('userId', '=', uid).where('type', '=', type).execute();

  describe('profile icon', () => {
    it('saves one of the 20 icons, logs it, tells open tabs and updates the avatar on the writer’s story cards', async () => {
      const writer = await signUp(api.server, { name: 'Iris Icon' });
      const story = await postStory(writer.client, { public: true });
      expect(story.authorProfileIcon).toBe('User');
      const stream = await openEventStream(writer.client);
      try {
        const res = await writer.client.patch<UserBody>('/api/me/profile-icon', { profileIcon: 'Feather' });
        expect(res.status).toBe(200);
        expect(res.body.user).toMatchObject({ uid: writer.uid, profileIcon: 'Feather' });
        // The story's save may announce its streak first: wait for the icon's event.
        await nextUserUpdate(stream, (user) => user.profileIcon === 'Feather');
      } finally {
        stream.close();
      }
      expect((await stored(writer.uid)).profileIcon).toBe('Feather');
      const card = await api.server.ctx.db.selectFrom('stories').select('authorProfileIcon').where('id', '=', story.id).executeTakeFirstOrThrow();
      expect(card.authorProfileIcon).toBe('Feather');
      const [log] = await activity(writer.uid, 'profile_icon_updated');
      expect(log).toMatchObject({ action: 'update', resource: `users/${writer.uid}`, level: 'info' });
      expect(JSON.parse(log!.details!)).toEqual({ profileIcon: 'Feather' });
    });

    it('refuses an unknown icon and changes nothing', async () => {
      const writer = await signUp(api.server);
      for (const body of [{ profileIcon: 'Skull' }, { profileIcon: '' }, { profileIcon: 3 }, {}]) {
        const res = await writer.client.patch<ErrorBody>('/api/me/profile-icon', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      const res = await writer.client.patch<ErrorBody>('/api/me/profile-icon', { profileIcon: 'Skull' });
      expect(res.body.error).toEqual({ code: 'validation_failed', message: 'profileIcon: Please choose one of the profile icons.' });
      expect((await stored(writer.uid)).profileIcon).toBe('User');
    });
  });

  describe('About Me', () => {
    it('stores the trimmed text and logs its length, never the text', async () => {
      const writer = await signUp(api.server);
      const res = await writer.client.patch<UserBody>('/api/me/about', { aboutMe: '  I write\r\nat night.  ' });
      expect(res.status).toBe(200);
      expect(res.body.user.aboutMe).toBe('I write\nat night.');
      const [log] = await activity(writer.uid, 'profile_about_updated');
      expect(JSON.parse(log!.details!)).toEqual({ length: 17 });
      expect(JSON.stringify(log)).not.toContain('night');
    });

    it('accepts 300 characters, refuses 301 with 400, and clears with an empty value', async () => {
      const writer = await signUp(api.server);
      expect((await writer.client.patch<UserBody>('/api/me/about', { aboutMe: 'a'.repeat(300) })).body.user.aboutMe).toHaveLength(300);
      const tooLong = await writer.client.patch<ErrorBody>('/api/me/about', { aboutMe: 'b'.repeat(301) });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.error.message).toBe('aboutMe: About Me must be at most 300 characters.');
      expect((await stored(writer.uid)).aboutMe).toBe('a'.repeat(300));
      expect((await writer.client.patch<UserBody>('/api/me/about', { aboutMe: '' })).body.user.aboutMe).toBe('');
    });
  });

  describe('pronouns', () => {
    it('normalises, accepts 50 characters and refuses 51', async () => {
      const writer = await signUp(api.server);
      const res = await writer.client.patch<UserBody>('/api/me/pronouns', { pronouns: '  she /  her ' });
      expect(res.body.user.pronouns).toBe('she / her');
      expect(await activity(writer.uid, 'profile_pronouns_updated')).toHaveLength(1);
      expect((await writer.client.patch<UserBody>('/api/me/pronouns', { pronouns: 'p'.repeat(50) })).status).toBe(200);
      const tooLong = await writer.client.patch<ErrorBody>('/api/me/pronouns', { pronouns: 'p'.repeat(51) });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.error.message).toBe('pronouns: Pronouns must be at most 50 characters.');
      expect((await stored(writer.uid)).pronouns).toBe('p'.repeat(50));
    });
  });

  describe('extended profile', () => {
    const blank = { location: '', website: '', bluesky: '', xcom: '', reddit: '' };

    it('normalises the five fields: https:// added, @ and u/ stripped', async () => {
      const writer = await signUp(api.server);
      const res = await writer.client.patch<UserBody>('/api/me/details', {
        location: '  Lyon ,  France ',
        website: 'ada.example.com/stories',
        bluesky: '@ada.bsky.social',
        xcom: ' @ada_l ',
        reddit: '/u/ada-writes',
      });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({
        location: 'Lyon , France',
        website: 'https://ada.example.com/stories',
        bluesky: 'ada.bsky.social',
        xcom: 'ada_l',
        reddit: 'ada-writes',
      });
      const [log] = await activity(writer.uid, 'profile_details_updated');
      expect(JSON.parse(log!.details!)).toEqual({ fields: ['location', 'website', 'bluesky', 'xcom', 'reddit'] });
      // Saving again with one change logs only that field; an empty value clears it.
      const again = await writer.client.patch<UserBody>('/api/me/details', { ...pick(res.body.user), location: '' });
      expect(again.body.user).toMatchObject({ location: '', website: 'https://ada.example.com/stories' });
      const logs = await activity(writer.uid, 'profile_details_updated');
      expect(logs.map((l) => JSON.parse(l.details!))).toContainEqual({ fields: ['location'] });
    });

    it('applies each limit to the stored value', async () => {
      const writer = await signUp(api.server);
      const ok = await writer.client.patch<UserBody>('/api/me/details', {
        ...blank,
        location: 'l'.repeat(100),
        bluesky: `@${'b'.repeat(100)}`,
        xcom: 'x'.repeat(100),
        reddit: `u/${'r'.repeat(100)}`,
      });
      expect(ok.status).toBe(200);
      const host = `${'w'.repeat(60)}.com`;
      const website200 = `https://${host}/${'p'.repeat(200 - 9 - host.length)}`;
      expect(website200).toHaveLength(200);
      expect((await writer.client.patch<UserBody>('/api/me/details', { ...blank, website: website200 })).body.user.website).toBe(website200);

      const refusals: Array<[Partial<typeof blank>, string]> = [
        [{ location: 'l'.repeat(101) }, 'location: Location must be at most 100 characters.'],
        [{ website: `${website200}p` }, 'website: Website must be at most 200 characters.'],
        [{ website: website200.slice('https://'.length) + 'pppppppp' }, 'website: Website must be at most 200 characters (including the https:// added in front).'],
        [{ bluesky: 'b'.repeat(101) }, 'bluesky: Bluesky handle must be at most 100 characters.'],
        [{ xcom: 'x'.repeat(101) }, 'xcom: X handle must be at most 100 characters.'],
        [{ reddit: 'r'.repeat(101) }, 'reddit: Reddit handle must be at most 100 characters.'],
        [{ website: 'javascript:alert(document.cookie)' }, 'website: Website must be a web address starting with http:// or https://.'],
        [{ website: 'ftp://files.example.com' }, 'website: Website must be a web address starting with http:// or https://.'],
        [{ xcom: 'ada lovelace' }, 'xcom: X handle cannot contain spaces.'],
        [{ reddit: '@ada' }, 'reddit: Reddit handle can only contain letters, numbers, dots, hyphens and underscores.'],
      ];
      const before = await stored(writer.uid);
      for (const [change, message] of refusals) {
        const res = await writer.client.patch<ErrorBody>('/api/me/details', { ...blank, location: 'Somewhere new', ...change });
        expect(res.status, message).toBe(400);
        expect(res.body.error.message).toBe(message);
      }
      // One bad field saves none of the others.
      expect((await stored(writer.uid)).location).toBe(before.location);
    });

    it('needs all five fields and nothing else', async () => {
      const writer = await signUp(api.server);
      expect((await writer.client.patch<ErrorBody>('/api/me/details', { location: 'Paris' })).status).toBe(400);
      expect((await writer.client.patch<ErrorBody>('/api/me/details', { ...blank, email: 'new@example.com' })).status).toBe(400);
      expect((await stored(writer.uid)).email).toBe(writer.email);
    });
  });

  describe('who may change a profile', () => {
    it('refuses a signed-out visitor with 401 on every profile change', async () => {
      const guest = api.server.client();
      const attempts = [
        guest.patch('/api/me/profile-icon', { profileIcon: 'Star' }),
        guest.patch('/api/me/about', { aboutMe: 'x' }),
        guest.patch('/api/me/pronouns', { pronouns: 'x' }),
        guest.patch('/api/me/details', { location: '', website: '', bluesky: '', xcom: '', reddit: '' }),
        guest.get('/api/me/stats'),
        guest.delete('/api/me/profile-image'),
      ];
      for (const res of await Promise.all(attempts)) expect(res.status).toBe(401);
    });

    it('refuses a uid in the body: a writer can only ever change their own profile', async () => {
      const mallory = await signUp(api.server);
      const victim = await signUp(api.server, { name: 'Victim' });
      const forged = [
        mallory.client.patch<ErrorBody>('/api/me/profile-icon', { profileIcon: 'Star', uid: victim.uid }),
        mallory.client.patch<ErrorBody>('/api/me/about', { aboutMe: 'hacked', uid: victim.uid }),
        mallory.client.patch<ErrorBody>('/api/me/pronouns', { pronouns: 'hacked', uid: victim.uid }),
        mallory.client.patch<ErrorBody>('/api/me/details', { location: 'hacked', website: '', bluesky: '', xcom: '', reddit: '', uid: victim.uid }),
      ];
      for (const res of await Promise.all(forged)) {
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(/uid/);
      }
      const after = await stored(victim.uid);
      expect(after).toMatchObject({ profileIcon: 'User', aboutMe: '', pronouns: '', location: '' });
      // There is no route that names another user.
      expect((await mallory.client.patch(`/api/users/${victim.uid}`, { aboutMe: 'x' })).status).toBe(404);
      expect((await mallory.client.patch(`/api/me/${victim.uid}/about`, { aboutMe: 'x' })).status).toBe(404);
    });

    it('refuses changes sent from another site', async () => {
      const writer = await signUp(api.server);
      const res = await writer.client.send('PATCH', '/api/me/about', { aboutMe: 'x' }, { origin: 'https://evil.example' });
      expect(res.status).toBe(403);
    });

    it('answers malformed bodies with 400, never 500', async () => {
      const writer = await signUp(api.server);
      for (const path of ['/api/me/profile-icon', '/api/me/about', '/api/me/pronouns', '/api/me/details']) {
        for (const body of ['{', 'null', '[]', '"text"', '42']) {
          const res = await writer.client.raw('PATCH', path, { body, headers: { 'content-type': 'application/json' } });
          expect(res.status, `${path} ${body}`).toBe(400);
        }
      }
    });
  });

  describe('writing statistics', () => {
    async function seed(writer: SignedUp) {
      const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
      const stories = [];
      for (const [n, isPublic] of [[10, true], [25, false], [31, true], [7, false], [12, true], [40, true]] as const) {
        stories.push(await postStory(writer.client, { content: words(n), public: isPublic }));
      }
      // Reactions, comments and views come from other readers; set the counters directly.
      const counters = [[3, 1, 10], [0, 0, 2], [5, 2, 7], [0, 0, 0], [1, 0, 4], [2, 3, 9]] as const;
      for (const [i, [likesCount, commentsCount, viewsCount]] of counters.entries()) {
        await api.server.ctx.db.updateTable('stories').set({ likesCount, commentsCount, viewsCount }).where('id', '=', stories[i]!.id).execute();
      }
      return stories;
    }

    it('computes the totals in one query and lists the five newest stories', async () => {
      const writer = await signUp(api.server);
      const stories = await seed(writer);
      await writer.client.patch('/api/me/daily-goal', { dailyGoal: 750 });
      const res = await writer.client.get('/api/me/stats');
      expect(res.status).toBe(200);
      const { stats, recent } = myStatsResponseSchema.parse(res.body);
      expect(stats).toEqual({
        streak: 1,
        bestStreak: 1,
        dailyGoal: 750,
        stories: 6,
        publicStories: 4,
        privateStories: 2,
        likes: 11,
        comments: 6,
        views: 32,
        avgWords: 21, // 125 / 6 = 20.83, rounded
        longestStory: 40,
        perfectDrabbles: 0,
      });
      expect(recent.map((r) => r.id)).toEqual(stories.slice(1).reverse().map((s) => s.id));
      expect(recent[0]).toEqual({ id: stories[5]!.id, title: stories[5]!.title, wordCount: 40, public: true, createdAt: stories[5]!.createdAt });
    });

    it('is all zeros for a writer without stories', async () => {
      const writer = await signUp(api.server);
      const { stats, recent } = myStatsResponseSchema.parse((await writer.client.get('/api/me/stats')).body);
      expect(stats).toMatchObject({ stories: 0, publicStories: 0, privateStories: 0, likes: 0, comments: 0, views: 0, avgWords: 0, longestStory: 0, perfectDrabbles: 0, dailyGoal: 500 });
      expect(recent).toEqual([]);
    });
  });
});

/** The five detail fields of a record. */
function pick(user: UserRecord) {
  return { location: user.location, website: user.website, bluesky: user.bluesky, xcom: user.xcom, reddit: user.reddit };
}
