import { z } from 'zod';
import { DAILY_GOAL_MAX, DAILY_GOAL_MIN } from '../shared/limits';
import { DAILY_GOAL_TEXTS, isValidTimeZone, canonicalTimeZone } from './rules';

/** The schemas; the rules and texts are in streak-rules.ts (no zod), re-exported here. */
export * from './rules';

export const timeZoneSchema = z.string().refine(isValidTimeZone, 'Unknown time zone.').transform(canonicalTimeZone);

/** PATCH /api/me/timezone */
export const timeZoneUpdateSchema = z.object({ timezone: timeZoneSchema }).strict();

/** PATCH /api/me/daily-goal */
export const dailyGoalUpdateSchema = z
  .object({
    dailyGoal: z
      .number(DAILY_GOAL_TEXTS.notANumber)
      .int(DAILY_GOAL_TEXTS.notWhole)
      .min(DAILY_GOAL_MIN, DAILY_GOAL_TEXTS.tooSmall)
      .max(DAILY_GOAL_MAX, DAILY_GOAL_TEXTS.tooLarge),
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
  /** Streak freezes held (0–2). */
  streakFreezes: z.number().int(),
  dailyGoal: z.number().int(),
  wordsToday: z.number().int(),
  /** The last seven days, oldest first, today last; `frozen`: a missed day a streak freeze covered. */
  recentDays: z.array(z.object({ day: z.string(), words: z.number().int(), frozen: z.boolean() })),
});
export type Progress = z.infer<typeof progressSchema>;
export const progressResponseSchema = z.object({ progress: progressSchema });

