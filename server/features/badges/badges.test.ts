import { beforeAll, describe, expect, it } from 'vitest';
import { BADGE_IDS, myBadgesResponseSchema, userBadgesResponseSchema, type BadgeId } from '@common/badges/badges';
import { promptForDay, utcDayKey } from '@common/prompts/prompts';
import { addDays } from '@common/streaks/streak';
import type { Story } from '@common/stories/story';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import { deleteAccountNow } from '../account-deletion';
import { awardBadges } from '.';
import { randomText } from '../stories/test-support-builders';
import { postStory, type ErrorBody } from '../stories/test-support';

describe.each(testDialects())('badges on %s', (dialect) => {
  /** Readers who react and comment; shared, since each test uses a fresh writer. */
  let readers: SignedUp[];

  // Each test signs up a fresh writer: past the default sign-ups per address and hour.
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' } });
  beforeAll(async () => {
    readers = await Promise.all(Array.from({ length: 10 }, (_, i) => signUp(api.server, { name: `Reader ${i}` })));
  });

  const earned = async (uid: string) =>
    (await api.server.ctx.db.selectFrom('userBadges').select('badge').where('uid', '=', uid).orderBy('badge').execute()).map((r) => r.badge);
  const badgeNotices = async (uid: string) =>
    (await api.server.ctx.db.selectFrom('notifications').select(['message', 'link']).where('to', '=', uid).where('type', '=', 'badge').orderBy('created_at').execute());
  const noticesOf = async (uid: string, name: string) => (await badgeNotices(uid)).filter((n) => n.message === name).length;
  /** Writing days before today (UTC, the default zone), as if saved then. */
  const seedWritingDays = async (uid: string, daysBack: number) => {
    const today = utcDayKey(new Date());
    const rows = Array.from({ length: daysBack }, (_, i) => ({ uid, day: addDays(today, -(i + 1)), words: 50 }));
    await api.server.ctx.db.insertInto('writingDays').values(rows).execute();
  };
  const storyWithWords = (who: SignedUp, words: number, isPublic = false) => postStory(who.client, { content: randomText(words), public: isPublic });

  it('earns "First story" with the first save, once, and announces it once', async () => {
    const ada = await signUp(api.server);
    expect(await earned(ada.uid)).toEqual([]);
    await storyWithWords(ada, 40);
    expect(await earned(ada.uid)).toEqual(['first_story']);
    await storyWithWords(ada, 41);
    expect(await earned(ada.uid)).toEqual(['first_story']);
    expect(await badgeNotices(ada.uid)).toEqual([{ message: 'First story', link: '/profile' }]);
    const list = await ada.client.get<{ notifications: Array<{ type: string; detail: string | null }> }>('/api/notifications');
    expect(list.body.notifications.filter((n) => n.type === 'badge').map((n) => n.detail)).toEqual(['First story']);
  });

  it('earns "First perfect drabble" at exactly 100 words, on a new story or an edit', async () => {
    const ada = await signUp(api.server);
    await storyWithWords(ada, 99);
    await storyWithWords(ada, 101);
    expect(await earned(ada.uid)).not.toContain('first_perfect_drabble');
    const story = await storyWithWords(ada, 99);
    const edited = await ada.client.patch(`/api/stories/${story.id}`, { content: randomText(100) });
    expect(edited.status).toBe(200);
    expect(await earned(ada.uid)).toContain('first_perfect_drabble');
    await storyWithWords(ada, 100);
    expect(await noticesOf(ada.uid, 'First perfect drabble')).toBe(1);
  });

  it.each([
    [3, 'streak_3', '3-day streak'],
    [7, 'streak_7', '7-day streak'],
    [30, 'streak_30', '30-day streak'],
    [100, 'streak_100', '100-day streak'],
  ] as const)('earns the %i-day streak badge on the day the streak reaches it, not the day before', async (days, id, name) => {
    const below = await signUp(api.server);
    await seedWritingDays(below.uid, days - 2);
    await storyWithWords(below, 30);
    expect(await earned(below.uid)).not.toContain(id);

    const at = await signUp(api.server);
    await seedWritingDays(at.uid, days - 1);
    await storyWithWords(at, 30);
    expect(await earned(at.uid)).toContain(id);
    expect(await noticesOf(at.uid, name)).toBe(1);
    // Every shorter streak's badge comes with it; no longer one.
    const streakBadges = (await earned(at.uid)).filter((b) => b.startsWith('streak_'));
    expect(streakBadges.map((b) => Number(b.slice(7))).sort((a, b) => a - b)).toEqual([3, 7, 30, 100].filter((n) => n <= days));
  });

  it('earns "10 prompts answered" on the tenth different prompt day', async () => {
    const ada = await signUp(api.server);
    const today = utcDayKey(new Date());
    const answer = async (day: string) => {
      const story = await postStory(ada.client, { content: randomText(30), prompt: promptForDay(day), promptDay: day });
      expect(story.promptDay).toBe(day);
    };
    for (let i = 1; i <= 9; i++) await answer(addDays(today, -i));
    // A second story on a day already answered is the same day; a prompt of one's own is none.
    await answer(addDays(today, -1));
    await postStory(ada.client, { content: randomText(30), prompt: promptForDay(addDays(today, -20)) });
    expect(await earned(ada.uid)).not.toContain('prompts_10');
    await answer(addDays(today, -10));
    expect(await earned(ada.uid)).toContain('prompts_10');
    expect(await noticesOf(ada.uid, '10 prompts answered')).toBe(1);
  });

  it('earns "First comment received" with a reader’s first comment, once', async () => {
    const ada = await signUp(api.server);
    const story = await storyWithWords(ada, 30, true);
    expect(await earned(ada.uid)).not.toContain('first_comment_received');
    // The author's own comment on their story is not a comment received.
    expect((await ada.client.post(`/api/stories/${story.id}/comments`, { text: 'Thanks for reading' })).status).toBe(201);
    expect(await earned(ada.uid)).not.toContain('first_comment_received');
    for (const reader of readers.slice(0, 3)) expect((await reader.client.post(`/api/stories/${story.id}/comments`, { text: 'Lovely' })).status).toBe(201);
    expect(await earned(ada.uid)).toContain('first_comment_received');
    expect(await noticesOf(ada.uid, 'First comment received')).toBe(1);
    // The commenters earn nothing for commenting.
    expect(await earned(readers[0]!.uid)).not.toContain('first_comment_received');
  });

  it('earns "10 reactions on a story" at the tenth reaction on one story, not ten spread over two', async () => {
    const ada = await signUp(api.server);
    const [one, two] = [await storyWithWords(ada, 30, true), await storyWithWords(ada, 30, true)];
    for (const reader of readers.slice(0, 5)) {
      await reader.client.send('PUT', `/api/stories/${one.id}/reactions/heart`);
      await reader.client.send('PUT', `/api/stories/${two.id}/reactions/heart`);
    }
    for (const reader of readers.slice(5, 9)) await reader.client.send('PUT', `/api/stories/${one.id}/reactions/fire`);
    expect(await earned(ada.uid)).not.toContain('reactions_10');
    // Taking one back and adding it again stays at 9.
    await readers[0]!.client.send('DELETE', `/api/stories/${one.id}/reactions/heart`);
    await readers[0]!.client.send('PUT', `/api/stories/${one.id}/reactions/heart`);
    expect(await earned(ada.uid)).not.toContain('reactions_10');
    const tenth = await readers[9]!.client.send<{ likesCount: number }>('PUT', `/api/stories/${one.id}/reactions/wow`);
    expect(tenth.body.likesCount).toBe(10);
    expect(await earned(ada.uid)).toContain('reactions_10');
    await readers[9]!.client.send('PUT', `/api/stories/${one.id}/reactions/clap`);
    expect(await noticesOf(ada.uid, '10 reactions on a story')).toBe(1);
    // Falling back below ten keeps the badge.
    await readers[9]!.client.send('DELETE', `/api/stories/${one.id}/reactions/clap`);
    await readers[9]!.client.send('DELETE', `/api/stories/${one.id}/reactions/wow`);
    expect(await earned(ada.uid)).toContain('reactions_10');
  });

  it('awards "First story" exactly once when eight first stories are saved at once', async () => {
    const ada = await signUp(api.server);
    const saved = await Promise.all(Array.from({ length: 8 }, () => ada.client.post<{ story: Story }>('/api/stories', { title: 'Burst', content: randomText(20), prompt: null, public: false })));
    expect(saved.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(await earned(ada.uid)).toEqual(['first_story']);
    expect(await badgeNotices(ada.uid)).toHaveLength(1);
  });

  it('awards once when award checks that all saw nothing earned race to insert', async () => {
    // Saves serialize on the writer's users row (the streak), so this races awardBadges itself:
    // every check reads "not earned" before any commits, and only the insert that wins announces.
    const ada = await signUp(api.server);
    await storyWithWords(ada, 100);
    await api.server.ctx.db.deleteFrom('userBadges').where('uid', '=', ada.uid).execute();
    await api.server.ctx.db.deleteFrom('notifications').where('to', '=', ada.uid).execute();
    const at = new Date().toISOString();
    const won = await Promise.all(Array.from({ length: 8 }, () => api.server.ctx.db.transaction().execute((trx) => awardBadges(api.server.ctx, trx, ada.uid, at))));
    expect(won.flat().sort()).toEqual(['first_perfect_drabble', 'first_story']);
    expect(await earned(ada.uid)).toEqual(['first_perfect_drabble', 'first_story']);
    expect((await badgeNotices(ada.uid)).map((n) => n.message).sort()).toEqual(['First perfect drabble', 'First story']);
  });

  it('awards "10 reactions on a story" exactly once when ten readers cross ten at once', async () => {
    const ada = await signUp(api.server);
    const story = await storyWithWords(ada, 30, true);
    const answers = await Promise.all(readers.map((r) => r.client.send('PUT', `/api/stories/${story.id}/reactions/heart`)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const rows = await api.server.ctx.db.selectFrom('userBadges').select('badge').where('uid', '=', ada.uid).where('badge', '=', 'reactions_10').execute();
    expect(rows).toHaveLength(1);
    expect(await noticesOf(ada.uid, '10 reactions on a story')).toBe(1);
  });

  it('records a badge but sends no notification while the writer’s badge switch is off', async () => {
    const ada = await signUp(api.server);
    expect((await ada.client.patch('/api/me/notification-prefs', { types: { badge: { on: false } } })).status).toBe(200);
    await storyWithWords(ada, 100);
    expect(await earned(ada.uid)).toEqual(['first_perfect_drabble', 'first_story']);
    expect(await badgeNotices(ada.uid)).toEqual([]);
    // Switched on again, an already earned badge is not announced late.
    await ada.client.patch('/api/me/notification-prefs', { types: { badge: { on: true } } });
    await storyWithWords(ada, 100);
    expect(await badgeNotices(ada.uid)).toEqual([]);
  });

  describe('reading badges', () => {
    let ada: SignedUp;
    let bob: SignedUp;

    beforeAll(async () => {
      ada = await signUp(api.server);
      bob = await signUp(api.server);
      await storyWithWords(ada, 100, true);
    });

    it('lists a profile’s earned badges in catalogue order with their dates, to anyone, guests too', async () => {
      const expected = ['first_story', 'first_perfect_drabble'];
      for (const client of [api.server.client(), bob.client, ada.client]) {
        const res = await client.get(`/api/users/${ada.uid}/badges`);
        expect(res.status).toBe(200);
        const { badges } = userBadgesResponseSchema.strict().parse(res.body);
        expect(badges.map((b) => b.id)).toEqual(expected);
        expect(badges[0]).toMatchObject({ name: 'First story', description: 'Save your first story.' });
        for (const b of badges) expect(Date.parse(b.earnedAt)).toBeGreaterThan(Date.now() - 60_000);
      }
      const none = userBadgesResponseSchema.parse((await api.server.client().get(`/api/users/${bob.uid}/badges`)).body);
      expect(none.badges).toEqual([]);
    });

    it('shows the owner every badge, the locked ones with a null date', async () => {
      const res = await ada.client.get('/api/me/badges');
      expect(res.status).toBe(200);
      const { badges } = myBadgesResponseSchema.parse(res.body);
      expect(badges.map((b) => b.id)).toEqual([...BADGE_IDS]);
      const earnedIds: BadgeId[] = ['first_story', 'first_perfect_drabble'];
      for (const b of badges) expect(b.earnedAt === null).toBe(!earnedIds.includes(b.id));
      expect(badges.find((b) => b.id === 'streak_7')).toMatchObject({ name: '7-day streak', description: 'Write on 7 days in a row.', earnedAt: null });
      const guest = await api.server.client().get<ErrorBody>('/api/me/badges');
      expect(guest.status).toBe(401);
    });

    it('answers 404 User not found for unknown, malformed and hidden accounts', async () => {
      for (const uid of ['noSuchUser123', 'bad.uid!', 'x'.repeat(65)]) {
        const res = await bob.client.get<ErrorBody>(`/api/users/${encodeURIComponent(uid)}/badges`);
        expect(res.status).toBe(404);
        expect(res.body.error.message).toBe('User not found');
      }
      const cy = await signUp(api.server);
      await storyWithWords(cy, 20);
      for (const column of ['suspendedAt', 'deactivatedAt'] as const) {
        await api.server.ctx.db.updateTable('users').set({ [column]: new Date().toISOString() }).where('uid', '=', cy.uid).execute();
        const res = await bob.client.get<ErrorBody>(`/api/users/${cy.uid}/badges`);
        expect(res.status).toBe(404);
        expect(res.body.error).toEqual({ code: 'not_found', message: 'User not found' });
        expect((await api.server.client().get(`/api/users/${cy.uid}/badges`)).status).toBe(404);
        await api.server.ctx.db.updateTable('users').set({ [column]: null }).where('uid', '=', cy.uid).execute();
      }
      expect((await bob.client.get(`/api/users/${cy.uid}/badges`)).status).toBe(200);
    });

    it('follows the profile’s block rule: hidden from whom the writer blocks, still shown to the blocker', async () => {
      const dee = await signUp(api.server);
      await storyWithWords(dee, 20);
      expect((await dee.client.post(`/api/blocks/${bob.uid}`)).status).toBe(200);
      const blocked = await bob.client.get<ErrorBody>(`/api/users/${dee.uid}/badges`);
      expect(blocked.status).toBe(404);
      expect(blocked.body.error.message).toBe('User not found');
      expect((await bob.client.get(`/api/users/${dee.uid}`)).status).toBe(404);
      // The blocker still sees the profile (and its badges) of whom they block, as on the profile route.
      expect((await dee.client.get(`/api/users/${bob.uid}`)).status).toBe(200);
      expect((await dee.client.get(`/api/users/${bob.uid}/badges`)).status).toBe(200);
      await dee.client.delete(`/api/blocks/${bob.uid}`);
      expect(userBadgesResponseSchema.parse((await bob.client.get(`/api/users/${dee.uid}/badges`)).body).badges.map((b) => b.id)).toEqual(['first_story']);
    });

    it('has no leaderboard: nothing lists badges across writers', async () => {
      for (const path of ['/api/badges', '/api/badges/leaderboard', '/api/users/badges', '/api/leaderboard']) {
        const res = await bob.client.get<ErrorBody>(path);
        expect(res.status, path).toBe(404);
      }
    });
  });

  it('forgets a deleted account’s badges', async () => {
    const gone = await signUp(api.server);
    await storyWithWords(gone, 100);
    expect(await earned(gone.uid)).toHaveLength(2);
    await deleteAccountNow(api.server.ctx, gone.uid, { adminUid: null, reason: 'Test' });
    expect(await earned(gone.uid)).toEqual([]);
    expect((await api.server.client().get(`/api/users/${gone.uid}/badges`)).status).toBe(404);
  });
});
