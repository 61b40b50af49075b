import { describe, expect, it } from 'vitest';
import {
  addDays,
  canonicalTimeZone,
  dailyGoalProblem,
  dailyGoalUpdateSchema,
  FREEZE_EARNED_EVERY,
  FREEZE_EXPLANATION,
  freezesLabel,
  FREEZES_MAX,
  goalProgress,
  isValidTimeZone,
  localDay,
  nextReminderAt,
  REMINDER_HOUR,
  reminderAfterSwitch,
  replayStreak,
  streakReminderDetail,
  timeZoneUpdateSchema,
  wordsAdded,
  zonedInstant,
} from './streak';

describe('localDay', () => {
  it('reads the calendar day in the writer’s zone', () => {
    const instant = new Date('2025-03-10T02:30:00Z');
    expect(localDay(instant, 'UTC')).toBe('2025-03-10');
    expect(localDay(instant, 'America/New_York')).toBe('2025-03-09');
    expect(localDay(instant, 'Asia/Tokyo')).toBe('2025-03-10');
    expect(localDay(new Date('2025-03-10T11:00:00Z'), 'Pacific/Auckland')).toBe('2025-03-11');
  });

  it('splits days at local midnight, across a DST change too', () => {
    // 2025-03-09 is the US spring-forward day: midnight is still 05:00Z the night before.
    expect(localDay(new Date('2025-03-09T04:59:59Z'), 'America/New_York')).toBe('2025-03-08');
    expect(localDay(new Date('2025-03-09T05:00:00Z'), 'America/New_York')).toBe('2025-03-09');
    expect(localDay(new Date('2025-03-10T03:59:59Z'), 'America/New_York')).toBe('2025-03-09');
    expect(localDay(new Date('2025-03-10T04:00:00Z'), 'America/New_York')).toBe('2025-03-10');
  });

  it('treats an unknown zone as UTC', () => {
    expect(localDay(new Date('2025-03-10T23:00:00Z'), 'Mars/Olympus')).toBe('2025-03-10');
    // Asked again, once UTC's formatter is kept: still UTC, and a real zone is still itself.
    expect(localDay(new Date('2025-03-10T23:00:00Z'), 'Mars/Olympus')).toBe('2025-03-10');
    expect(localDay(new Date('2025-03-10T23:00:00Z'), 'Asia/Tokyo')).toBe('2025-03-11');
  });
});

describe('time zones', () => {
  it('knows real IANA names only', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(42)).toBe(false);
    expect(isValidTimeZone('x'.repeat(100))).toBe(false);
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(timeZoneUpdateSchema.parse({ timezone: 'utc' })).toEqual({ timezone: 'UTC' });
    expect(timeZoneUpdateSchema.safeParse({ timezone: 'Nowhere/Land' }).success).toBe(false);
  });
});

describe('addDays', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });
});

/** `n` consecutive days starting on `from`. */
function run(from: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => addDays(from, i));
}

describe('replayStreak', () => {
  it('is all zero with no writing days', () => {
    expect(replayStreak([], '2025-05-10')).toEqual({ current: 0, best: 0, freezes: 0, frozenDays: [] });
  });

  it('starts at 1 on the first writing day', () => {
    expect(replayStreak(['2025-05-10'], '2025-05-10')).toEqual({ current: 1, best: 1, freezes: 0, frozenDays: [] });
  });

  it('keeps the streak through today while today has no words yet', () => {
    expect(replayStreak(['2025-05-08', '2025-05-09'], '2025-05-10')).toMatchObject({ current: 2, best: 2, frozenDays: [] });
  });

  it('earns a freeze on the 7th day in a row, a second on the 14th, and loses the one earned on the 21st at the cap', () => {
    expect(replayStreak(run('2025-01-01', 6), '2025-01-06').freezes).toBe(0);
    expect(replayStreak(run('2025-01-01', 7), '2025-01-07')).toMatchObject({ current: 7, freezes: 1 });
    expect(replayStreak(run('2025-01-01', 13), '2025-01-13').freezes).toBe(1);
    expect(replayStreak(run('2025-01-01', 14), '2025-01-14')).toMatchObject({ current: 14, freezes: FREEZES_MAX });
    expect(replayStreak(run('2025-01-01', 21), '2025-01-21')).toMatchObject({ current: 21, freezes: FREEZES_MAX });
    expect(FREEZE_EARNED_EVERY).toBe(7);
    expect(FREEZES_MAX).toBe(2);
    expect(FREEZE_EXPLANATION).toBe('A freeze covers a missed day. You earn one every 7 days in a row, up to 2.');
    expect([0, 1, 2].map(freezesLabel)).toEqual(['0 freezes', '1 freeze', '2 freezes']);
  });

  it('covers a missed day with a held freeze: the streak goes on, the freeze is spent, the day is frozen', () => {
    const days = [...run('2025-01-01', 7), '2025-01-09'];
    expect(replayStreak(days, '2025-01-09')).toEqual({ current: 8, best: 8, freezes: 0, frozenDays: ['2025-01-08'] });
    // Seen the morning after the missed day, before writing: already covered, still alive.
    expect(replayStreak(run('2025-01-01', 7), '2025-01-09')).toEqual({ current: 7, best: 7, freezes: 0, frozenDays: ['2025-01-08'] });
  });

  it('ends the streak on two missed days with one freeze', () => {
    const days = run('2025-01-01', 7);
    expect(replayStreak(days, '2025-01-10')).toEqual({ current: 0, best: 7, freezes: 0, frozenDays: ['2025-01-08'] });
    expect(replayStreak([...days, '2025-01-10'], '2025-01-10')).toMatchObject({ current: 1, best: 7, freezes: 0 });
  });

  it('covers two missed days with two freezes, in a row or apart', () => {
    const days = run('2025-01-01', 14);
    expect(replayStreak([...days, '2025-01-17'], '2025-01-17')).toEqual({ current: 15, best: 15, freezes: 0, frozenDays: ['2025-01-15', '2025-01-16'] });
    expect(replayStreak([...days, '2025-01-16', '2025-01-18'], '2025-01-18')).toEqual({
      current: 16,
      best: 16,
      freezes: 0,
      frozenDays: ['2025-01-15', '2025-01-17'],
    });
  });

  it('ends the streak on a missed day with no freeze held', () => {
    expect(replayStreak(run('2025-01-01', 6), '2025-01-08')).toEqual({ current: 0, best: 6, freezes: 0, frozenDays: [] });
    expect(replayStreak(['2025-05-05', '2025-05-06', '2025-05-08', '2025-05-09', '2025-05-10'], '2025-05-10')).toMatchObject({ current: 3, best: 3 });
  });

  it('starts the run towards the next freeze again after a frozen day', () => {
    // 7 days (a freeze), a frozen day, then 6 days: no new freeze yet; the 7th after the frozen day earns it.
    const before = run('2025-01-01', 7);
    expect(replayStreak([...before, ...run('2025-01-09', 6)], '2025-01-14')).toMatchObject({ current: 13, freezes: 0 });
    expect(replayStreak([...before, ...run('2025-01-09', 7)], '2025-01-15')).toMatchObject({ current: 14, freezes: 1 });
  });

  it('ignores the order and duplicates of days', () => {
    expect(replayStreak(['2025-05-10', '2025-05-09', '2025-05-10'], '2025-05-10')).toMatchObject({ current: 2, best: 2 });
  });

  it('finds the best streak anywhere in the history, frozen days not counted', () => {
    expect(replayStreak(['2025-01-05', '2025-01-01', '2025-01-02', '2025-01-03', '2025-01-06'], '2025-01-06')).toMatchObject({ current: 2, best: 3 });
    expect(replayStreak([...run('2025-01-01', 7), ...run('2025-01-09', 2)], '2025-03-01')).toMatchObject({ current: 0, best: 9, freezes: 0 });
  });

  it('counts across midnight: writing at 23:59 and 00:01 local makes two days', () => {
    const zone = 'Europe/Berlin';
    const lateNight = localDay(new Date('2025-06-01T21:59:00Z'), zone); // 23:59 in Berlin
    const justAfter = localDay(new Date('2025-06-01T22:01:00Z'), zone); // 00:01 next day
    expect([lateNight, justAfter]).toEqual(['2025-06-01', '2025-06-02']);
    expect(replayStreak([lateNight, justAfter], justAfter).current).toBe(2);
    // Seen from UTC both saves were on June 1st: one day, not two.
    expect(localDay(new Date('2025-06-01T22:01:00Z'), 'UTC')).toBe('2025-06-01');
  });

  it('spends the freeze at local midnight, not before', () => {
    const zone = 'America/New_York';
    const days = run('2025-01-01', 7); // the 7th is 7 January
    expect(replayStreak(days, localDay(new Date('2025-01-09T04:59:59Z'), zone))).toMatchObject({ current: 7, freezes: 1, frozenDays: [] }); // 23:59:59 on the 8th
    expect(replayStreak(days, localDay(new Date('2025-01-09T05:00:00Z'), zone))).toMatchObject({ current: 7, freezes: 0, frozenDays: ['2025-01-08'] });
    expect(replayStreak(days, localDay(new Date('2025-01-10T05:00:00Z'), zone))).toMatchObject({ current: 0, frozenDays: ['2025-01-08'] });
  });

  it('survives a move west: a day recorded "tomorrow" in the old zone still counts, as today', () => {
    // Written at 08:00 on 11 March in Auckland (UTC+13) …
    const written = localDay(new Date('2025-03-10T19:00:00Z'), 'Pacific/Auckland');
    expect(written).toBe('2025-03-11');
    // … and looked at an hour later from Los Angeles, where it is still 10 March.
    const today = localDay(new Date('2025-03-10T20:00:00Z'), 'America/Los_Angeles');
    expect(today).toBe('2025-03-10');
    expect(replayStreak(['2025-03-09', written], today)).toMatchObject({ current: 2, frozenDays: [] });
    // Having written on the 10th in Auckland too, the two days are not merged into one.
    expect(replayStreak(['2025-03-09', '2025-03-10', written], today)).toMatchObject({ current: 3, best: 3 });
    // Writing today in Los Angeles fills the 10th; the next day there, the 11th is already written.
    expect(replayStreak(['2025-03-09', written, today], addDays(today, 1))).toMatchObject({ current: 3, frozenDays: [] });
    // Not writing on the 10th in Los Angeles: once it is over, it is a missed day like any other.
    expect(replayStreak(['2025-03-09', written], addDays(today, 1))).toMatchObject({ current: 1, best: 1 });
  });

  it('on a move east, a skipped calendar day is covered by a freeze or ends the streak', () => {
    // Wrote on the 9th and 10th in Los Angeles; a flight to Tokyo lands on the 12th there.
    const today = localDay(new Date('2025-03-12T01:00:00Z'), 'Asia/Tokyo');
    expect(today).toBe('2025-03-12');
    const days = ['2025-03-09', '2025-03-10'];
    expect(replayStreak(days, today)).toMatchObject({ current: 0, best: 2 });
    const withFreeze = [...run('2025-03-02', 7), ...days];
    expect(replayStreak(withFreeze, today)).toMatchObject({ current: 9, freezes: 0, frozenDays: ['2025-03-11'] });
    // Yesterday still holds the streak until the new day ends.
    expect(replayStreak(days, '2025-03-11')).toMatchObject({ current: 2 });
  });

  it('runs across year ends and leap days', () => {
    expect(replayStreak(['2024-02-28', '2024-02-29', '2024-03-01'], '2024-03-01').current).toBe(3);
    expect(replayStreak(['2024-12-30', '2024-12-31', '2025-01-01'], '2025-01-02').current).toBe(3);
  });
});

describe('the 20:00 reminder time', () => {
  it('is 20:00 on the wall clock of the writer’s zone', () => {
    expect(zonedInstant('2025-06-01', 20, 'UTC').toISOString()).toBe('2025-06-01T20:00:00.000Z');
    expect(zonedInstant('2025-06-01', 20, 'Europe/Paris').toISOString()).toBe('2025-06-01T18:00:00.000Z');
    expect(zonedInstant('2025-06-01', 20, 'Asia/Kolkata').toISOString()).toBe('2025-06-01T14:30:00.000Z');
    expect(zonedInstant('2025-06-01', 20, 'Pacific/Auckland').toISOString()).toBe('2025-06-01T08:00:00.000Z');
    expect(zonedInstant('2025-06-01', 20, 'Mars/Olympus').toISOString()).toBe('2025-06-01T20:00:00.000Z');
  });

  it('follows daylight saving on the day the clocks change', () => {
    // New York springs forward on 9 March 2025 and falls back on 2 November.
    expect(zonedInstant('2025-03-08', 20, 'America/New_York').toISOString()).toBe('2025-03-09T01:00:00.000Z');
    expect(zonedInstant('2025-03-09', 20, 'America/New_York').toISOString()).toBe('2025-03-10T00:00:00.000Z');
    expect(zonedInstant('2025-11-02', 20, 'America/New_York').toISOString()).toBe('2025-11-03T01:00:00.000Z');
    // London springs forward on 30 March 2025; Sydney (southern hemisphere) falls back on 6 April.
    expect(zonedInstant('2025-03-30', 20, 'Europe/London').toISOString()).toBe('2025-03-30T19:00:00.000Z');
    expect(zonedInstant('2025-04-06', 20, 'Australia/Sydney').toISOString()).toBe('2025-04-06T10:00:00.000Z');
    // An hour the clocks skip gives the instant they jump at; an hour they repeat, its first time.
    expect(zonedInstant('2025-03-09', 2, 'America/New_York').toISOString()).toBe('2025-03-09T07:00:00.000Z');
    expect(zonedInstant('2025-11-02', 1, 'America/New_York').toISOString()).toBe('2025-11-02T05:00:00.000Z');
  });

  it('is next due at the first 20:00 local strictly after now', () => {
    expect(nextReminderAt(new Date('2025-06-01T17:59:59Z'), 'Europe/Paris').toISOString()).toBe('2025-06-01T18:00:00.000Z');
    expect(nextReminderAt(new Date('2025-06-01T18:00:00Z'), 'Europe/Paris').toISOString()).toBe('2025-06-02T18:00:00.000Z');
    expect(nextReminderAt(new Date('2025-06-01T23:30:00Z'), 'Europe/Paris').toISOString()).toBe('2025-06-02T18:00:00.000Z');
    // 21:00 on 8 March in New York: tomorrow's 20:00 is already daylight time, 23 hours away.
    expect(nextReminderAt(new Date('2025-03-09T02:00:00Z'), 'America/New_York').toISOString()).toBe('2025-03-10T00:00:00.000Z');
    // In Auckland it is already the next day.
    expect(nextReminderAt(new Date('2025-06-01T09:00:00Z'), 'Pacific/Auckland').toISOString()).toBe('2025-06-02T08:00:00.000Z');
    expect(REMINDER_HOUR).toBe(20);
  });
});

describe('switching the reminder and its words', () => {
  it('schedules on switching on, keeps one already set, clears on switching off', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    expect(reminderAfterSwitch(true, null, now, 'Europe/Paris')).toBe('2025-06-01T18:00:00.000Z');
    expect(reminderAfterSwitch(true, '2025-06-01T11:00:00.000Z', now, 'Europe/Paris')).toBe('2025-06-01T11:00:00.000Z');
    expect(reminderAfterSwitch(false, '2025-06-01T18:00:00.000Z', now, 'Europe/Paris')).toBeNull();
    expect(reminderAfterSwitch(false, null, now, 'Europe/Paris')).toBeNull();
  });

  it('says what is at stake', () => {
    expect(streakReminderDetail(5, 0)).toBe('Your 5-day streak ends at midnight — write a few words to keep it.');
    expect(streakReminderDetail(12, 1)).toBe('Your 12-day streak will spend a freeze at midnight — write a few words to save it.');
  });
});

describe('words and the daily goal', () => {
  it('counts a new story whole and an edit by what it grew', () => {
    expect(wordsAdded(null, 120)).toBe(120);
    expect(wordsAdded(100, 130)).toBe(30);
    expect(wordsAdded(130, 100)).toBe(0);
  });

  it('measures progress towards the goal', () => {
    expect(goalProgress(0, 500)).toEqual({ percent: 0, met: false, remaining: 500 });
    expect(goalProgress(250, 500)).toEqual({ percent: 50, met: false, remaining: 250 });
    expect(goalProgress(499, 500)).toEqual({ percent: 99, met: false, remaining: 1 });
    expect(goalProgress(500, 500)).toEqual({ percent: 100, met: true, remaining: 0 });
    expect(goalProgress(1_200, 500)).toEqual({ percent: 100, met: true, remaining: 0 });
  });

  it('takes a goal of 50 to 10,000 whole words', () => {
    expect(dailyGoalUpdateSchema.safeParse({ dailyGoal: 50 }).success).toBe(true);
    expect(dailyGoalUpdateSchema.safeParse({ dailyGoal: 10_000 }).success).toBe(true);
    expect(dailyGoalUpdateSchema.safeParse({ dailyGoal: 49 }).error?.issues[0]?.message).toBe('Daily goal must be at least 50 words.');
    expect(dailyGoalUpdateSchema.safeParse({ dailyGoal: 10_001 }).error?.issues[0]?.message).toBe('Daily goal must be at most 10,000 words.');
    expect(dailyGoalUpdateSchema.safeParse({ dailyGoal: 100.5 }).success).toBe(false);
    expect(dailyGoalUpdateSchema.safeParse({ dailyGoal: '500' }).success).toBe(false);
  });

  it('says the same of a goal in the form (no zod) as the API does', () => {
    for (const goal of [50, 10_000, 500, 49, 0, -5, 10_001, 100.5, NaN, Infinity]) {
      const api = dailyGoalUpdateSchema.safeParse({ dailyGoal: goal });
      expect(dailyGoalProblem(goal), String(goal)).toBe(api.success ? null : api.error.issues[0]?.message);
    }
    expect(dailyGoalProblem(49)).toBe('Daily goal must be at least 50 words.');
    expect(dailyGoalProblem(NaN)).toBe('Daily goal must be a number.');
  });
});
