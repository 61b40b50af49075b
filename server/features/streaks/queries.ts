import type { Kysely } from 'kysely';
import { addDays, DEFAULT_TIME_ZONE, localDay, nextReminderAt, replayStreak, type Progress } from '@common/streaks/streak';
import type { DayKey } from '@common/prompts/prompts';
import type { Database } from '../../db/types';
import type { Dialect } from '../../db/database';
import { forUpdate } from '../../db/locks';

type Db = Kysely<Database>;

const RECENT_DAYS = 7;

/**
 * The writer's zone for counting days. A zone sent with a save (or PATCH /api/me/timezone)
 * replaces the stored one first, so that save already counts in the right place.
 */
export async function resolveTimeZone(db: Db, uid: string, fromBrowser?: string): Promise<string> {
  const row = await db.selectFrom('users').select('timezone').where('uid', '=', uid).executeTakeFirst();
  if (fromBrowser && fromBrowser !== row?.timezone) {
    await db.updateTable('users').set({ timezone: fromBrowser }).where('uid', '=', uid).execute();
    return fromBrowser;
  }
  return row?.timezone ?? DEFAULT_TIME_ZONE;
}

/** Adds words to one local day of the writer's; a day with words is a writing day. */
export async function addWritingWords(db: Db, uid: string, day: DayKey, words: number): Promise<void> {
  if (words <= 0) return;
  await db
    .insertInto('writingDays')
    .values({ uid, day, words })
    .onConflict((oc) => oc.columns(['uid', 'day']).doUpdateSet((eb) => ({ words: eb('writingDays.words', '+', eb.ref('excluded.words')) })))
    .execute();
}

export interface StreakSync {
  streak: number;
  bestStreak: number;
  streakFreezes: number;
  /** True when the users record changed (its open tabs should hear about it). */
  changed: boolean;
}

/** Every writing day of the writer's, as recorded (their local days). */
export async function writingDaysOf(db: Db, uid: string): Promise<DayKey[]> {
  const rows = await db.selectFrom('writingDays').select('day').where('uid', '=', uid).where('words', '>', 0).execute();
  return rows.map((r) => r.day);
}

/**
 * Replays the writing days as of `now` in the writer's zone (common/streaks/streak.ts replayStreak)
 * and stores `streak`, `streakFreezes` and `bestStreak` (raised, never lowered) when they
 * differ from the record. The users row is locked first on PostgreSQL, so a progress read
 * racing a save cannot write back a replay of the days before that save. A scheduled
 * reminder follows the zone: while it is on and not yet due, it moves to the next 20:00
 * there. Called after every save and whenever progress is read, so a streak that lapsed
 * (or a day a freeze covered) shows at once.
 */
export async function syncStreak(db: Db, dialect: Dialect, uid: string, now: Date): Promise<StreakSync> {
  const user = await db
    .selectFrom('users')
    .select(['streak', 'bestStreak', 'streakFreezes', 'timezone', 'reminderAt'])
    .where('uid', '=', uid)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
  if (!user) return { streak: 0, bestStreak: 0, streakFreezes: 0, changed: false };
  const timezone = user.timezone ?? DEFAULT_TIME_ZONE;
  const replay = replayStreak(await writingDaysOf(db, uid), localDay(now, timezone));
  const streak = replay.current;
  const streakFreezes = replay.freezes;
  const bestStreak = Math.max(Number(user.bestStreak), replay.best);
  const changed = streak !== Number(user.streak) || bestStreak !== Number(user.bestStreak) || streakFreezes !== Number(user.streakFreezes);
  const reminderAt = rescheduledReminder(user.reminderAt, now, timezone);
  if (changed || reminderAt !== user.reminderAt) {
    await db.updateTable('users').set({ streak, bestStreak, streakFreezes, reminderAt }).where('uid', '=', uid).execute();
  }
  return { streak, bestStreak, streakFreezes, changed };
}

/**
 * Where a scheduled reminder should stand: off (null) stays off; one already due stays due,
 * for the due pass (reminders.ts) to send and move on; one not yet due moves to the next
 * 20:00 in `timezone`, which differs from it only when the zone changed.
 */
export function rescheduledReminder(reminderAt: string | null, now: Date, timezone: string): string | null {
  if (reminderAt === null || reminderAt <= now.toISOString()) return reminderAt;
  return nextReminderAt(now, timezone).toISOString();
}

/** Where the writer stands today: streak, goal, words today and the last seven days. */
export async function loadProgress(db: Db, uid: string, now: Date): Promise<Progress> {
  const user = await db
    .selectFrom('users')
    .select(['streak', 'bestStreak', 'streakFreezes', 'dailyGoal', 'timezone'])
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();
  const timezone = user.timezone ?? DEFAULT_TIME_ZONE;
  const today = localDay(now, timezone);
  const first = addDays(today, -(RECENT_DAYS - 1));
  const rows = await db
    .selectFrom('writingDays')
    .select(['day', 'words'])
    .where('uid', '=', uid)
    .where('day', '>=', first)
    .where('day', '<=', today)
    .execute();
  const words = new Map(rows.map((r) => [r.day, Number(r.words)]));
  const frozen = new Set(replayStreak(await writingDaysOf(db, uid), today).frozenDays.filter((day) => day >= first));
  const recentDays = Array.from({ length: RECENT_DAYS }, (_, i) => {
    const day = addDays(first, i);
    return { day, words: words.get(day) ?? 0, frozen: frozen.has(day) };
  });
  return {
    today,
    timezone,
    streak: Number(user.streak),
    bestStreak: Number(user.bestStreak),
    streakFreezes: Number(user.streakFreezes),
    dailyGoal: Number(user.dailyGoal),
    wordsToday: words.get(today) ?? 0,
    recentDays,
  };
}

/** Sets the writer's daily goal. */
export async function setDailyGoal(db: Db, uid: string, dailyGoal: number): Promise<void> {
  await db.updateTable('users').set({ dailyGoal }).where('uid', '=', uid).execute();
}

/** The writer's zone and whether the account is deleted (undefined: no such row). */
export function zoneAndDeletionOf(db: Db, uid: string) {
  return db.selectFrom('users').select(['timezone', 'deletedAt']).where('uid', '=', uid).executeTakeFirst();
}

/**
 * The claim: moves reminderAt to `next` only if it still holds `seen`, what the pass read
 * (numUpdatedRows says whether this pass took it).
 */
export function moveReminderIfStill(db: Db, uid: string, seen: string, next: string | null) {
  return db.updateTable('users').set({ reminderAt: next }).where('uid', '=', uid).where('reminderAt', '=', seen).executeTakeFirst();
}

/** A streak reminder the writer was sent at or after `since`, if any. */
export function reminderSentSince(db: Db, uid: string, since: string) {
  return db
    .selectFrom('notifications')
    .select('id')
    .where('to', '=', uid)
    .where('created_at', '>=', since)
    .where('type', '=', 'streak_reminder')
    .executeTakeFirst();
}

/** The writer's words on one day (undefined: none written). */
export function wordsOnDay(db: Db, uid: string, day: DayKey) {
  return db.selectFrom('writingDays').select('words').where('uid', '=', uid).where('day', '=', day).executeTakeFirst();
}

/** The reminders due at `nowIso`, oldest first, at most `limit` (through the users_reminderAt index). */
export function dueReminders(db: Db, nowIso: string, limit: number) {
  return db
    .selectFrom('users')
    .select(['uid', 'reminderAt'])
    .where('reminderAt', 'is not', null)
    .where('reminderAt', '<=', nowIso)
    .orderBy('reminderAt')
    .orderBy('uid')
    .limit(limit)
    .execute();
}
