import { PUBLIC_STORIES_TOPIC } from '@common/live-events';
import { contestPhase, placeNotice, rankByVotes } from '@common/contests';
import type { ServerContext } from '../../context';
import { awardBadges } from '../badges';
import { notifySelf } from '../notifications';
import { countingEntries, lockContest } from './queries';

/**
 * The reveal (issue 28): once voting has closed, the first request that looks at the contest
 * (or the maintenance tick) ranks the entries, writes each one's votes and place, lets the
 * stories show their authors again, awards the podium badges and tells every entrant their
 * place: all in one transaction that holds the contest row, and only when `revealedAt` is
 * still empty, so two instances (or two requests) never reveal, award or notify twice.
 */
export async function revealContest(ctx: ServerContext, id: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const contest = await lockContest(trx, ctx.dialect, id);
    if (!contest || contest.revealedAt !== null || contestPhase(contest, now) !== 'closed') return false;
    const rows = await countingEntries(trx, id)
      .select(['e.storyId', 'e.uid', 'e.created_at'])
      .select((eb) => eb.selectFrom('contestVotes as v').select((v) => v.fn.countAll<number | string>().as('n')).whereRef('v.storyId', '=', 'e.storyId').where('v.contestId', '=', id).as('votes'))
      .execute();
    const ranked = rankByVotes(rows, (r) => Number(r.votes ?? 0), (a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
    for (const { item, place } of ranked) {
      await trx.updateTable('contestEntries').set({ votes: Number(item.votes ?? 0), place }).where('contestId', '=', id).where('storyId', '=', item.storyId).execute();
    }
    await trx.updateTable('contests').set({ revealedAt: at, updated_at: at }).where('id', '=', id).execute();
    // Every entry's story shows its author again and returns to the lists (disqualified and withdrawn ones already had).
    await trx.updateTable('stories').set({ contestId: null }).where('contestId', '=', id).execute();
    for (const { item, place } of ranked) {
      if (place <= 3) await awardBadges(ctx, trx, item.uid, at, ['contestWins', 'contestPodiums']);
      await notifySelf(ctx, trx, { to: item.uid, type: 'contest', detail: placeNotice(place, ranked.length), link: `/contests/${id}`, at });
    }
    await ctx.bus.record(trx, PUBLIC_STORIES_TOPIC, 'stories.changed', {});
    return true;
  });
}

/** Reveals every contest whose voting has closed and that is not revealed yet; how many it revealed. */
export async function revealDueContests(ctx: ServerContext, now: Date): Promise<number> {
  const due = await ctx.db
    .selectFrom('contests')
    .select('id')
    .where('votingClosesAt', '<=', now.toISOString())
    .where('revealedAt', 'is', null)
    .orderBy('votingClosesAt')
    .limit(20)
    .execute();
  let revealed = 0;
  for (const { id } of due) if (await revealContest(ctx, id, now)) revealed++;
  if (revealed > 0) await ctx.bus.flush();
  return revealed;
}

/** Whether a contest is closed but not yet revealed (a page about to be read reveals it first). */
export const awaitsReveal = (contest: { revealedAt: string | null; votingClosesAt: string }, now: Date) =>
  contest.revealedAt === null && new Date(contest.votingClosesAt).getTime() <= now.getTime();
