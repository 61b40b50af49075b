import type { Transaction } from 'kysely';
import type { Progress } from '@common/streaks/streak';
import type { UserRecord } from '@common/me/user';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { changeUser, publishUserChanged } from '../../shared/users';
import { loadProgress, resolveTimeZone, setDailyGoal, syncStreak, type StreakSync } from './queries';

/** Brings the streak up to date in `trx`; when it moved, open tabs hear of it at commit. */
export async function syncStreakAndTell(ctx: ServerContext, trx: Transaction<Database>, uid: string, now: Date): Promise<StreakSync> {
  const sync = await syncStreak(trx, ctx.dialect, uid, now);
  if (sync.changed) await publishUserChanged(ctx, trx, uid);
  return sync;
}

/**
 * The writer's progress as of now. A streak that lapsed since the last save is brought
 * down to 0 on the record here, and open tabs are told. Other features (the public
 * profile) can call `refreshStreak` before showing someone's streak.
 */
export async function refreshStreak(ctx: ServerContext, uid: string, now = new Date()): Promise<void> {
  await ctx.db.transaction().execute((trx) => syncStreakAndTell(ctx, trx, uid, now));
}

export async function currentProgress(ctx: ServerContext, uid: string, now = new Date()): Promise<Progress> {
  await refreshStreak(ctx, uid, now);
  return loadProgress(ctx.db, uid, now);
}

export async function changeTimeZone(ctx: ServerContext, uid: string, timezone: string, now = new Date()): Promise<Progress> {
  await resolveTimeZone(ctx.db, uid, timezone);
  return currentProgress(ctx, uid, now);
}

export async function changeDailyGoal(ctx: ServerContext, uid: string, dailyGoal: number): Promise<UserRecord> {
  return changeUser(ctx, uid, (trx) => setDailyGoal(trx, uid, dailyGoal));
}
