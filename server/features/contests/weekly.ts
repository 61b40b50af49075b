import { dailyContestPrompt, defaultContestWindows, mondayOf, nextContestMonday } from '@common/contests/contests';
import type { ServerContext } from '../../context';
import { newId } from '../../shared/ids';
import { contestOpeningBetween, insertWeeklyContest } from './queries';

/**
 * The weekly contest runs by itself (WEEKLY_CONTEST=automatic, the default): this week's and
 * next week's contests exist, with the default windows and their Monday's daily prompt, unless an
 * admin's contest opens in that week. Next week's is made early so an admin can give it a prompt
 * of their own before it opens (edit before it opens). One row per week whichever instance or
 * job gets there first: `contests.week` is unique. Run by the `weekly-contests` job (server/jobs:
 * at start, then every 15 seconds; a contest screen that finds no contest this week asks it to run
 * at once) and after an admin's change; two indexed reads when both weeks exist.
 */
export async function ensureWeeklyContests(ctx: ServerContext, now: Date): Promise<void> {
  if (ctx.config.weeklyContest !== 'automatic') return;
  for (const monday of [mondayOf(now), nextContestMonday(now)]) {
    const windows = defaultContestWindows(monday);
    const taken = await contestOpeningBetween(ctx.db, windows.entryOpensAt, windows.entryClosesAt);
    if (taken) continue;
    const at = now.toISOString();
    await insertWeeklyContest(ctx.db, { id: newId(), prompt: dailyContestPrompt(monday), promptDay: monday, ...windows, week: monday, revealedAt: null, created_at: at, updated_at: at });
  }
}
