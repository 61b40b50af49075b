import type { Kysely } from 'kysely';
import { calendarStart, periodSums, wordsByDay, type Calendar, type CalendarDay } from '@common/calendar/calendar';
import { DEFAULT_TIME_ZONE, localDay, replayStreak } from '@common/streaks/streak';
import type { Database } from '../../db/types';
import { notFound } from '../../http/errors';
import { goalAndZoneOf, writtenDaysOf } from './queries';

/**
 * The writer's own calendar as of `now` in their zone: words per day over the twelve months
 * ending today, the days a streak freeze covered (replayed from every writing day, as the
 * streak is, so the calendar marks the same days the streak spent freezes on), and the sums
 * of this week and this month.
 */
export async function loadCalendar(db: Kysely<Database>, uid: string, now = new Date()): Promise<Calendar> {
  const user = await goalAndZoneOf(db, uid);
  if (!user) throw notFound('User not found.');
  const timezone = user.timezone ?? DEFAULT_TIME_ZONE;
  const today = localDay(now, timezone);
  const rows = await writtenDaysOf(db, uid);
  const words = wordsByDay(
    rows.map((r) => ({ day: r.day, words: Number(r.words) })),
    today,
  );
  const frozen = new Set(replayStreak(words.keys(), today).frozenDays);
  const start = calendarStart(today);
  const days: CalendarDay[] = [...new Set([...words.keys(), ...frozen])]
    .filter((day) => day >= start && day <= today)
    .sort()
    .map((day) => ({ day, words: words.get(day) ?? 0, frozen: frozen.has(day) }));
  return { today, timezone, dailyGoal: Number(user.dailyGoal), days, ...periodSums(words, today) };
}
