import { z } from 'zod';
import { DAILY_GOAL_MAX, DAILY_GOAL_MIN } from './limits';
import type { DayKey } from './prompts';

/**
 * Writing streaks and the daily goal. A writing day is a calendar day, in the writer's own
 * time zone at the moment of saving, on which they saved a new story or added words to
 * one. Days are recorded as `YYYY-MM-DD` in the zone in effect when written and are never
 * re-dated afterwards, so moving between time zones cannot erase a day already earned.
 */

export const DEFAULT_TIME_ZONE = 'UTC';

/** True for IANA names the runtime knows ('Europe/Paris', 'UTC'); false for anything else. */
export function isValidTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The runtime's own spelling of a valid zone ('utc' → 'UTC'). */
export function canonicalTimeZone(value: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day an instant falls on in a time zone (an unknown zone counts as UTC). */
export function localDay(instant: Date, timeZone: string): DayKey {
  const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The day `n` days after (or before, for negative n) a `YYYY-MM-DD` day. */
export function addDays(day: DayKey, n: number): DayKey {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + n)).toISOString().slice(0, 10);
}

/**
 * Consecutive writing days ending today, or ending yesterday while today has none yet;
 * otherwise 0. A day recorded "after" today (written further east before the writer
 * moved west) counts as today.
 */
export function computeStreak(days: Iterable<DayKey>, today: DayKey): number {
  const set = new Set<DayKey>();
  for (const day of days) set.add(day > today ? today : day);
  let cursor = set.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (set.has(cursor)) {
    streak += 1;
    cursor = addDays(cursor, -1);
  }
  return streak;
}

/** The longest run of consecutive days anywhere in the history. */
export function longestStreak(days: Iterable<DayKey>): number {
  const sorted = [...new Set(days)].sort();
  let best = 0;
  let run = 0;
  let previous: DayKey | null = null;
  for (const day of sorted) {
    run = previous !== null && addDays(previous, 1) === day ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  return best;
}

/** Words a save adds: all of a new story's, or what an edit grew by (never negative). */
export function wordsAdded(before: number | null, after: number): number {
  return before === null ? Math.max(0, after) : Math.max(0, after - before);
}

export interface GoalProgress {
  /** 0–100, rounded down, capped at 100. */
  percent: number;
  met: boolean;
  remaining: number;
}

export function goalProgress(wordsToday: number, dailyGoal: number): GoalProgress {
  const goal = Math.max(1, dailyGoal);
  return {
    percent: Math.min(100, Math.floor((wordsToday / goal) * 100)),
    met: wordsToday >= goal,
    remaining: Math.max(0, goal - wordsToday),
  };
}

export const timeZoneSchema = z.string().refine(isValidTimeZone, 'Unknown time zone.').transform(canonicalTimeZone);

/** PATCH /api/me/timezone */
export const timeZoneUpdateSchema = z.object({ timezone: timeZoneSchema }).strict();

/** PATCH /api/me/daily-goal */
export const dailyGoalUpdateSchema = z
  .object({
    dailyGoal: z
      .number('Daily goal must be a number.')
      .int('Daily goal must be a whole number.')
      .min(DAILY_GOAL_MIN, `Daily goal must be at least ${DAILY_GOAL_MIN} words.`)
      .max(DAILY_GOAL_MAX, `Daily goal must be at most ${DAILY_GOAL_MAX.toLocaleString('en-US')} words.`),
  })
  .strict();
export type DailyGoalUpdate = z.infer<typeof dailyGoalUpdateSchema>;

/** GET /api/me/progress: where the writer stands today. */
export const progressSchema = z.object({
  /** Today in the writer's time zone. */
  today: z.string(),
  timezone: z.string(),
  streak: z.number().int(),
  bestStreak: z.number().int(),
  dailyGoal: z.number().int(),
  wordsToday: z.number().int(),
  /** The last seven days, oldest first, today last. */
  recentDays: z.array(z.object({ day: z.string(), words: z.number().int() })),
});
export type Progress = z.infer<typeof progressSchema>;
export const progressResponseSchema = z.object({ progress: progressSchema });
