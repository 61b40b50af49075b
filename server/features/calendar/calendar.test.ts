import { describe, expect, it } from 'vitest';
import { calendarSchema } from '@common/calendar/calendar';
import { localDay } from '@common/streaks/streak';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import { loadCalendar } from './service';

describe.each(testDialects())('the writing calendar on %s', (dialect) => {
  const api = useTestServer(dialect);

  const seed = (who: SignedUp, days: Record<string, number>) =>
    api.server.ctx.db
      .insertInto('writingDays')
      .values(Object.entries(days).map(([day, words]) => ({ uid: who.uid, day, words })))
      .execute();
  const calendarOf = async (who: SignedUp) => {
    const res = await who.client.get('/api/me/calendar');
    expect(res.status).toBe(200);
    return calendarSchema.parse(res.body);
  };

  it('is for signed-in writers only', async () => {
    const res = await api.server.client().get<{ error: { code: string } }>('/api/me/calendar');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('starts empty, with the goal and today in the writer’s zone', async () => {
    const writer = await signUp(api.server);
    const calendar = await calendarOf(writer);
    expect(calendar).toEqual({ today: localDay(new Date(), 'UTC'), timezone: 'UTC', dailyGoal: 500, days: [], wordsThisWeek: 0, wordsThisMonth: 0 });
  });

  it('shows today’s words, the writer’s goal, and nobody else’s days', async () => {
    const writer = await signUp(api.server);
    const other = await signUp(api.server);
    await seed(other, { [localDay(new Date(), 'UTC')]: 999 });
    await seed(writer, { [localDay(new Date(), 'UTC')]: 7 });
    expect((await writer.client.patch('/api/me/daily-goal', { dailyGoal: 1000 })).status).toBe(200);
    const calendar = await calendarOf(writer);
    expect(calendar.dailyGoal).toBe(1000);
    expect(calendar.days).toEqual([{ day: calendar.today, words: 7, frozen: false }]);
    expect(calendar.wordsThisWeek).toBe(7);
    expect(calendar.wordsThisMonth).toBe(7);
  });

  it('lists the year’s days with words, marks a missed day a freeze covered, and sums the week and month', async () => {
    const writer = await signUp(api.server);
    await seed(writer, {
      '2029-01-10': 50, // a year and a day back: outside the window
      '2029-01-11': 40, // the window's first day
      // Seven days in a row earn a freeze (Tuesday 1 to Monday 7 January 2030)…
      ...Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`2030-01-0${i + 1}`, 100])),
      // …which covers Tuesday 8, missed.
      '2030-01-09': 600,
    });
    const calendar = await loadCalendar(api.server.ctx.db, writer.uid, new Date('2030-01-10T12:00:00Z'));
    expect(calendar.today).toBe('2030-01-10');
    expect(calendar.days[0]).toEqual({ day: '2029-01-11', words: 40, frozen: false });
    expect(calendar.days.slice(1)).toEqual([
      ...Array.from({ length: 7 }, (_, i) => ({ day: `2030-01-0${i + 1}`, words: 100, frozen: false })),
      { day: '2030-01-08', words: 0, frozen: true },
      { day: '2030-01-09', words: 600, frozen: false },
    ]);
    // Week: Monday 7 and Wednesday 9. Month: the 1st to the 9th.
    expect(calendar.wordsThisWeek).toBe(700);
    expect(calendar.wordsThisMonth).toBe(1300);
    // Without the seventh day there was no freeze: the 8th is just a missed day.
    await api.server.ctx.db.deleteFrom('writingDays').where('uid', '=', writer.uid).where('day', '=', '2030-01-07').execute();
    const unfrozen = await loadCalendar(api.server.ctx.db, writer.uid, new Date('2030-01-10T12:00:00Z'));
    expect(unfrozen.days.filter((d) => d.frozen)).toEqual([]);
  });

  it('counts today, the week and the month in the writer’s own zone', async () => {
    const writer = await signUp(api.server);
    await api.server.ctx.db.updateTable('users').set({ timezone: 'Pacific/Auckland' }).where('uid', '=', writer.uid).execute();
    await seed(writer, { '2030-01-31': 30, '2030-02-01': 20, '2030-02-02': 5 });
    // 11:00Z on 31 January is already 1 February (Friday) in Auckland.
    const auckland = await loadCalendar(api.server.ctx.db, writer.uid, new Date('2030-01-31T11:00:00Z'));
    expect(auckland).toMatchObject({ today: '2030-02-01', timezone: 'Pacific/Auckland', wordsThisWeek: 55, wordsThisMonth: 25 });
    // A day recorded after today (written further east) counts as today.
    expect(auckland.days.at(-1)).toEqual({ day: '2030-02-01', words: 25, frozen: false });
    // The same instant in UTC is still 31 January.
    await api.server.ctx.db.updateTable('users').set({ timezone: 'UTC' }).where('uid', '=', writer.uid).execute();
    const utc = await loadCalendar(api.server.ctx.db, writer.uid, new Date('2030-01-31T11:00:00Z'));
    expect(utc).toMatchObject({ today: '2030-01-31', wordsThisWeek: 55, wordsThisMonth: 55 });
    expect(utc.days).toEqual([{ day: '2030-01-31', words: 55, frozen: false }]);
    expect((await calendarOf(writer)).timezone).toBe('UTC');
  });
});
