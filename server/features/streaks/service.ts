import type { Progress } from '@common/streak';
import type { UserRecord } from '@common/user';
import type { ServerContext } from '../../context';
import { publishUserChanged } from '../me/service';
import { loadProgress, resolveTimeZone, syncStreak } from './queries';

/**
 * The writer's progress as of now. A streak that lapsed since the last save is brought
 * down to 0 on the record here, and open tabs are told. Other features (the public
 * profile) can call `refreshStreak` before showing someone's streak.
 */
export async function refreshStreak(ctx: ServerContext, uid: string, now = new Date()): Promise<void> {
  const sync = await syncStreak(ctx.db, uid, now);
  if (sync.changed) await publishUserChanged(ctx, uid);
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
  await ctx.db.updateTable('users').set({ dailyGoal }).where('uid', '=', uid).execute();
  return publishUserChanged(ctx, uid);
}
