import { describe, expect, it } from 'vitest';
import {
  addDays,
  canonicalTimeZone,
  computeStreak,
  dailyGoalUpdateSchema,
  goalProgress,
  isValidTimeZone,
  localDay,
  longestStreak,
  timeZoneUpdateSchema,
  wordsAdded,
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

describe('computeStreak', () => {
  it('is zero with no writing days', () => {
    expect(computeStreak([], '2025-05-10')).toBe(0);
  });

  it('counts consecutive days ending today', () => {
    expect(computeStreak(['2025-05-08', '2025-05-09', '2025-05-10'], '2025-05-10')).toBe(3);
  });

  it('still counts a streak ending yesterday while today has no writing yet', () => {
    expect(computeStreak(['2025-05-08', '2025-05-09'], '2025-05-10')).toBe(2);
  });

  it('is broken by a gap: a streak ending two days ago is zero', () => {
    expect(computeStreak(['2025-05-07', '2025-05-08'], '2025-05-10')).toBe(0);
    expect(computeStreak(['2025-05-05', '2025-05-06', '2025-05-08', '2025-05-09', '2025-05-10'], '2025-05-10')).toBe(3);
  });

  it('ignores the order and duplicates of days', () => {
    expect(computeStreak(['2025-05-10', '2025-05-09', '2025-05-10'], '2025-05-10')).toBe(2);
  });

  it('counts across midnight: writing at 23:59 and 00:01 local makes two days', () => {
    const zone = 'Europe/Berlin';
    const lateNight = localDay(new Date('2025-06-01T21:59:00Z'), zone); // 23:59 in Berlin
    const justAfter = localDay(new Date('2025-06-01T22:01:00Z'), zone); // 00:01 next day
    expect([lateNight, justAfter]).toEqual(['2025-06-01', '2025-06-02']);
    expect(computeStreak([lateNight, justAfter], justAfter)).toBe(2);
    // Seen from UTC both saves were on June 1st: one day, not two.
    expect(localDay(new Date('2025-06-01T22:01:00Z'), 'UTC')).toBe('2025-06-01');
  });

  it('survives a move west: a day recorded "tomorrow" in the old zone counts as today', () => {
    // Written at 08:00 on 11 March in Auckland (UTC+13) …
    const written = localDay(new Date('2025-03-10T19:00:00Z'), 'Pacific/Auckland');
    expect(written).toBe('2025-03-11');
    // … and looked at an hour later from Los Angeles, where it is still 10 March.
    const today = localDay(new Date('2025-03-10T20:00:00Z'), 'America/Los_Angeles');
    expect(today).toBe('2025-03-10');
    expect(computeStreak(['2025-03-09', written], today)).toBe(2);
  });

  it('survives a move east: yesterday still holds the streak until the new day ends', () => {
    // Wrote on the 9th and 10th in New York; now it is already the 11th in Tokyo.
    const today = localDay(new Date('2025-03-11T01:00:00Z'), 'Asia/Tokyo');
    expect(today).toBe('2025-03-11');
    expect(computeStreak(['2025-03-09', '2025-03-10'], today)).toBe(2);
    expect(computeStreak(['2025-03-09', '2025-03-10'], addDays(today, 1))).toBe(0);
  });

  it('runs across year ends and leap days', () => {
    expect(computeStreak(['2024-02-28', '2024-02-29', '2024-03-01'], '2024-03-01')).toBe(3);
    expect(computeStreak(['2024-12-30', '2024-12-31', '2025-01-01'], '2025-01-02')).toBe(3);
  });
});

describe('longestStreak', () => {
  it('finds the longest run anywhere in the history', () => {
    expect(longestStreak([])).toBe(0);
    expect(longestStreak(['2025-01-01'])).toBe(1);
    expect(longestStreak(['2025-01-05', '2025-01-01', '2025-01-02', '2025-01-03', '2025-01-06'])).toBe(3);
    expect(longestStreak(['2024-12-31', '2025-01-01', '2025-01-01'])).toBe(2);
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
});
