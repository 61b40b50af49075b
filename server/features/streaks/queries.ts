import type { Kysely } from 'kysely';
import { addDays, computeStreak, DEFAULT_TIME_ZONE, localDay, type Progress } from '@common/streak';
import type { DayKey } from '@common/prompts';
import type { Database } from '../../db/types';

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
  /** True when the users record changed (its open tabs should hear about it). */
  changed: boolean;
}

/**
 * Recomputes `streak` from the writing days as of `now` in the writer's zone, raises
 * `bestStreak` to it when higher, and stores both when they differ from the record. Called
 * after every save and whenever progress is read, so a streak that lapsed reads as 0.
 */
export async function syncStreak(db: Db, uid: string, now: Date): Promise<StreakSync> {
  const user = await db.selectFrom('users').select(['streak', 'bestStreak', 'timezone']).where('uid', '=', uid).executeTakeFirst();
  if (!user) return { streak: 0, bestStreak: 0, changed: false };
  const today = localDay(now, user.timezone ?? DEFAULT_TIME_ZONE);
  const days = await db.selectFrom('writingDays').select('day').where('uid', '=', uid).where('words', '>', 0).orderBy('day', 'desc').execute();
  const streak = computeStreak(
    days.map((d) => d.day),
    today,
  );
  const bestStreak = Math.max(Number(user.bestStreak), streak);
  const changed = streak !== Number(user.streak) || bestStreak !== Number(user.bestStreak);
  if (changed) await db.updateTable('users').set({ streak, bestStreak }).where('uid', '=', uid).execute();
  return { streak, bestStreak, changed };
}

/** Where the writer stands today: streak, goal, words today and the last seven days. */
export async function loadProgress(db: Db, uid: string, now: Date): Promise<Progress> {
  const user = await db
    .selectFrom('users')
    .select(['streak', 'bestStreak', 'dailyGoal', 'timezone'])
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
  const recentDays = Array.from({ length: RECENT_DAYS }, (_, i) => {
    const day = addDays(first, i);
    return { day, words: words.get(day) ?? 0 };
  });
  return {
    today,
    timezone,
    streak: Number(user.streak),
    bestStreak: Number(user.bestStreak),
    dailyGoal: Number(user.dailyGoal),
    wordsToday: words.get(today) ?? 0,
    recentDays,
  };
}
