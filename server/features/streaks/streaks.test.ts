import { describe, expect, it } from 'vitest';
import { storyCreateSchema, storyUpdateSchema, type Story } from '@common/stories/story';
import { addDays, progressResponseSchema, replayStreak, type Progress } from '@common/streaks/streak';
import type { UserRecord } from '@common/me/user';
import { testDialects } from '../../test/databases';
import { openEventStream } from '../../test/sse';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import { findUser } from '../../shared/users';
import { buildStoryInput } from '../stories/test-support-builders';
import { createStory, updateStory } from '../stories/service';
import type { ErrorBody } from '../stories/test-support';
import { currentProgress } from './service';

describe.each(testDialects())('streaks and goals on %s', (dialect) => {
  const api = useTestServer(dialect);

  const progressOf = async (who: SignedUp) => progressResponseSchema.parse((await who.client.get('/api/me/progress')).body).progress;
  const meOf = async (who: SignedUp) => (await who.client.get<{ user: UserRecord }>('/api/me')).body.user;

  /** Saves a story as the writer at a given instant, through the service (the clock is the test's). */
  async function writeAt(who: SignedUp, iso: string, words: number, timezone?: string) {
    const user = (await findUser(api.server.ctx.db, who.uid))!;
    const input = storyCreateSchema.parse({ ...buildStoryInput(), content: 'word '.repeat(words), ...(timezone ? { timezone } : {}) });
    return createStory(api.server.ctx, { user, sessionId: null, ip: '127.0.0.1', userAgent: null }, input, new Date(iso));
  }

  it('starts a writer at no streak, no words today and a goal of 500', async () => {
    const writer = await signUp(api.server);
    const progress = await progressOf(writer);
    expect(progress).toMatchObject({ streak: 0, bestStreak: 0, streakFreezes: 0, dailyGoal: 500, wordsToday: 0, timezone: 'UTC' });
    expect(progress.recentDays).toHaveLength(7);
    expect(progress.recentDays.at(-1)!.day).toBe(progress.today);
    expect((await api.server.client().get('/api/me/progress')).status).toBe(401);
  });

  it('counts a new story’s words towards today, starts the streak and tells open tabs', async () => {
    const writer = await signUp(api.server);
    const stream = await openEventStream(writer.client);
    try {
      const res = await writer.client.post<{ story: Story; progress: Progress }>('/api/stories', { ...buildStoryInput(), content: 'one two three four five' });
      expect(res.body.progress).toMatchObject({ streak: 1, bestStreak: 1, wordsToday: 5 });
      const event = await stream.next('user.updated');
      expect((JSON.parse(event.data) as { user: UserRecord }).user).toMatchObject({ streak: 1, bestStreak: 1 });
    } finally {
      stream.close();
    }
    expect(await meOf(writer)).toMatchObject({ streak: 1, bestStreak: 1 });
  });

  it('counts words added by an edit, never words removed', async () => {
    const writer = await signUp(api.server);
    const created = await writer.client.post<{ story: Story; progress: Progress }>('/api/stories', { ...buildStoryInput(), content: 'a b c' });
    const id = created.body.story.id;
    const grown = await writer.client.patch<{ progress: Progress }>(`/api/stories/${id}`, { content: 'a b c d e f g' });
    expect(grown.body.progress.wordsToday).toBe(7);
    const shrunk = await writer.client.patch<{ progress: Progress }>(`/api/stories/${id}`, { content: 'a' });
    expect(shrunk.body.progress.wordsToday).toBe(7);
    const regrown = await writer.client.patch<{ progress: Progress }>(`/api/stories/${id}`, { content: 'a b' });
    expect(regrown.body.progress.wordsToday).toBe(8);
    const retitled = await writer.client.patch<{ progress: Progress }>(`/api/stories/${id}`, { title: 'New title' });
    expect(retitled.body.progress.wordsToday).toBe(8);
  });

  it('builds a streak over consecutive days, keeps it through today until the day ends, and resets after a gap', async () => {
    const writer = await signUp(api.server);
    await writeAt(writer, '2030-01-01T10:00:00Z', 100);
    await writeAt(writer, '2030-01-02T10:00:00Z', 100);
    const third = await writeAt(writer, '2030-01-03T23:59:00Z', 600);
    expect(third.progress).toMatchObject({ streak: 3, bestStreak: 3, wordsToday: 600, today: '2030-01-03' });
    expect(third.progress.recentDays.slice(-3)).toEqual([
      { day: '2030-01-01', words: 100, frozen: false },
      { day: '2030-01-02', words: 100, frozen: false },
      { day: '2030-01-03', words: 600, frozen: false },
    ]);

    // The next day, before writing: the streak still stands (it ends yesterday).
    expect(await currentProgress(api.server.ctx, writer.uid, new Date('2030-01-04T20:00:00Z'))).toMatchObject({ streak: 3, wordsToday: 0 });
    // A whole day missed: the streak is gone from the record too; the best remains.
    expect(await currentProgress(api.server.ctx, writer.uid, new Date('2030-01-05T00:00:01Z'))).toMatchObject({ streak: 0, bestStreak: 3 });
    expect(await meOf(writer)).toMatchObject({ streak: 0, bestStreak: 3 });

    const restart = await writeAt(writer, '2030-01-06T08:00:00Z', 50);
    expect(restart.progress).toMatchObject({ streak: 1, bestStreak: 3 });
  });

  it('counts days in the writer’s own zone, taken from the save, across midnight', async () => {
    const writer = await signUp(api.server);
    // 23:30 and 00:30 in New York are 04:30Z and 05:30Z on the same UTC day: two local days.
    await writeAt(writer, '2030-03-02T04:30:00Z', 10, 'America/New_York');
    const second = await writeAt(writer, '2030-03-02T05:30:00Z', 10);
    expect(second.progress).toMatchObject({ timezone: 'America/New_York', today: '2030-03-02', streak: 2, wordsToday: 10 });
    const days = await api.server.ctx.db.selectFrom('writingDays').select(['day', 'words']).where('uid', '=', writer.uid).orderBy('day').execute();
    expect(days).toEqual([
      { day: '2030-03-01', words: 10 },
      { day: '2030-03-02', words: 10 },
    ]);
  });

  it('keeps an earned day when the writer moves west across the date line', async () => {
    const writer = await signUp(api.server);
    await writeAt(writer, '2030-05-09T20:00:00Z', 10, 'Pacific/Auckland'); // 10 May, 08:00 in Auckland
    // An hour later in Los Angeles it is still 9 May: the day written "tomorrow" counts as today.
    const res = await writer.client.patch('/api/me/timezone', { timezone: 'America/Los_Angeles' });
    expect(res.status).toBe(200);
    expect(await currentProgress(api.server.ctx, writer.uid, new Date('2030-05-09T21:00:00Z'))).toMatchObject({
      timezone: 'America/Los_Angeles',
      today: '2030-05-09',
      streak: 1,
    });
  });

  it('updates the zone from a story edit too', async () => {
    const writer = await signUp(api.server);
    const saved = await writeAt(writer, '2030-06-01T12:00:00Z', 5);
    const user = (await findUser(api.server.ctx.db, writer.uid))!;
    const input = storyUpdateSchema.parse({ content: 'one two three four five six', timezone: 'Asia/Tokyo' });
    const edited = await updateStory(api.server.ctx, { user, sessionId: null, ip: '127.0.0.1', userAgent: null }, saved.story.id, input, new Date('2030-06-01T16:00:00Z'));
    expect(edited.progress).toMatchObject({ timezone: 'Asia/Tokyo', today: '2030-06-02', wordsToday: 1, streak: 2 });
  });

  it('validates and stores the time zone', async () => {
    const writer = await signUp(api.server);
    const bad = await writer.client.patch<ErrorBody>('/api/me/timezone', { timezone: 'Atlantis/Capital' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('Unknown time zone.');
    expect((await writer.client.patch('/api/me/timezone', { timezone: 42 })).status).toBe(400);
    const ok = await writer.client.patch<{ progress: Progress }>('/api/me/timezone', { timezone: 'europe/paris' });
    expect(ok.status).toBe(200);
    expect(ok.body.progress.timezone).toBe('Europe/Paris');
    expect((await api.server.client().patch('/api/me/timezone', { timezone: 'UTC' })).status).toBe(401);
  });

  it('changes the daily goal between 50 and 10,000 words and tells open tabs', async () => {
    const writer = await signUp(api.server);
    const stream = await openEventStream(writer.client);
    try {
      const res = await writer.client.patch<{ user: UserRecord }>('/api/me/daily-goal', { dailyGoal: 750 });
      expect(res.status).toBe(200);
      expect(res.body.user.dailyGoal).toBe(750);
      const event = await stream.next('user.updated');
      expect((JSON.parse(event.data) as { user: UserRecord }).user.dailyGoal).toBe(750);
    } finally {
      stream.close();
    }
    for (const dailyGoal of [49, 10_001, 100.5, '500', null]) {
      expect((await writer.client.patch('/api/me/daily-goal', { dailyGoal })).status).toBe(400);
    }
    expect((await writer.client.patch('/api/me/daily-goal', { dailyGoal: 50 })).status).toBe(200);
    expect((await writer.client.patch('/api/me/daily-goal', { dailyGoal: 10_000 })).status).toBe(200);
    expect((await progressOf(writer)).dailyGoal).toBe(10_000);
    expect((await api.server.client().patch('/api/me/daily-goal', { dailyGoal: 500 })).status).toBe(401);
  });

  /** Seven days in a row from `from` (UTC noon each): a freeze earned on the seventh. */
  async function writeWeek(who: SignedUp, from: string) {
    for (let i = 0; i < 7; i += 1) await writeAt(who, `${addDays(from, i)}T12:00:00Z`, 20);
  }
  const recordOf = async (uid: string) =>
    api.server.ctx.db.selectFrom('users').select(['streak', 'bestStreak', 'streakFreezes']).where('uid', '=', uid).executeTakeFirstOrThrow();

  it('earns a freeze on the seventh day in a row, spends it on a missed day so the streak goes on, and shows that day as frozen', async () => {
    const writer = await signUp(api.server);
    await writeWeek(writer, '2031-02-01');
    expect(await currentProgress(api.server.ctx, writer.uid, new Date('2031-02-07T13:00:00Z'))).toMatchObject({ streak: 7, bestStreak: 7, streakFreezes: 1 });
    expect(await meOf(writer)).toMatchObject({ streak: 7, bestStreak: 7, streakFreezes: 1 });

    // 8 February passes without words; the next morning the freeze has covered it, and open tabs hear.
    const stream = await openEventStream(writer.client);
    try {
      const morning = await currentProgress(api.server.ctx, writer.uid, new Date('2031-02-09T08:00:00Z'));
      expect(morning).toMatchObject({ streak: 7, bestStreak: 7, streakFreezes: 0, wordsToday: 0 });
      expect(morning.recentDays.slice(-3)).toEqual([
        { day: '2031-02-07', words: 20, frozen: false },
        { day: '2031-02-08', words: 0, frozen: true },
        { day: '2031-02-09', words: 0, frozen: false },
      ]);
      const event = await stream.next('user.updated');
      expect((JSON.parse(event.data) as { user: UserRecord }).user).toMatchObject({ streak: 7, streakFreezes: 0 });
    } finally {
      stream.close();
    }
    const saved = await writeAt(writer, '2031-02-09T18:00:00Z', 20);
    expect(saved.progress).toMatchObject({ streak: 8, bestStreak: 8, streakFreezes: 0 });
    expect(saved.progress.recentDays.find((d) => d.day === '2031-02-08')).toEqual({ day: '2031-02-08', words: 0, frozen: true });
    expect(await recordOf(writer.uid)).toEqual({ streak: 8, bestStreak: 8, streakFreezes: 0 });
  });

  it('ends the streak after two missed days with one freeze, keeping the best', async () => {
    const writer = await signUp(api.server);
    await writeWeek(writer, '2031-03-01');
    const after = await currentProgress(api.server.ctx, writer.uid, new Date('2031-03-10T09:00:00Z'));
    expect(after).toMatchObject({ streak: 0, bestStreak: 7, streakFreezes: 0 });
    expect(after.recentDays.filter((d) => d.frozen).map((d) => d.day)).toEqual(['2031-03-08']);
    const restart = await writeAt(writer, '2031-03-10T10:00:00Z', 20);
    expect(restart.progress).toMatchObject({ streak: 1, bestStreak: 7, streakFreezes: 0 });
  });

  it('spends the freeze at midnight in the writer’s own zone', async () => {
    const writer = await signUp(api.server);
    expect((await writer.client.patch('/api/me/timezone', { timezone: 'America/New_York' })).status).toBe(200);
    for (let i = 0; i < 7; i += 1) await writeAt(writer, `${addDays('2031-04-01', i)}T16:00:00Z`, 20); // noon in New York
    // 23:59 on 8 April in New York is 03:59Z on the 9th: the 8th is not over there yet.
    expect(await currentProgress(api.server.ctx, writer.uid, new Date('2031-04-09T03:59:00Z'))).toMatchObject({ today: '2031-04-08', streak: 7, streakFreezes: 1 });
    expect(await currentProgress(api.server.ctx, writer.uid, new Date('2031-04-09T04:00:00Z'))).toMatchObject({ today: '2031-04-09', streak: 7, streakFreezes: 0 });
  });

  it('keeps the record consistent with the replay through a burst of parallel saves and progress reads', async () => {
    const writer = await signUp(api.server);
    for (let i = 0; i < 6; i += 1) await writeAt(writer, `${addDays('2031-05-01', i)}T12:00:00Z`, 20);
    // 7 May is missed with no freeze: a read on the 8th alone would end the streak; saves on the 8th start a new one.
    // Unlocked, a read that replayed the days before a save committed would write its lapsed streak back over the save's.
    const day8 = new Date('2031-05-08T15:00:00Z');
    await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? writeAt(writer, day8.toISOString(), 5) : currentProgress(api.server.ctx, writer.uid, day8))));
    const days = (await api.server.ctx.db.selectFrom('writingDays').select('day').where('uid', '=', writer.uid).execute()).map((d) => d.day);
    const replay = replayStreak(days, '2031-05-08');
    expect(replay).toMatchObject({ current: 1, best: 6, freezes: 0 });
    expect(await recordOf(writer.uid)).toEqual({ streak: replay.current, bestStreak: replay.best, streakFreezes: replay.freezes });
    const words = await api.server.ctx.db.selectFrom('writingDays').select('words').where('uid', '=', writer.uid).where('day', '=', '2031-05-08').executeTakeFirstOrThrow();
    expect(Number(words.words)).toBe(6 * 5);

    // And the seventh day of a run, saved in parallel: one freeze, however many saves.
    const other = await signUp(api.server);
    for (let i = 0; i < 6; i += 1) await writeAt(other, `${addDays('2031-06-01', i)}T12:00:00Z`, 20);
    await Promise.all(Array.from({ length: 6 }, () => writeAt(other, '2031-06-07T09:00:00Z', 5)));
    expect(await recordOf(other.uid)).toEqual({ streak: 7, bestStreak: 7, streakFreezes: 1 });
  });
});
