import { PUBLIC_STORIES_TOPIC } from '@common/events/live-events';
import { contestPhase, placeNotice, rankByVotes } from '@common/contests/contests';
import { localDay } from '@common/streaks/streak';
import type { ServerContext } from '../../context';
import { awardBadges } from '../badges';
import { notifySelf } from '../notifications';
import { addWritingWords, resolveTimeZone, syncStreakAndTell } from '../streaks';
import { countingEntries, lockContest } from './queries';

/**
 * The reveal: once voting has closed, the `contest-reveal` job (server/jobs; a read that finds
 * the contest due asks it to run at once) ranks the entries, writes each one's votes and place, lets the
 * stories show their authors again, counts the words written for it towards their writers'
 * streaks, awards the badges (the podium's, and any the held-back entries reach) and tells every entrant their
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
    // The words written for the contest count now, on the days they were written (in each writer's zone).
    const pending = await trx.selectFrom('stories').select(['uid', 'created_at', 'wordsPending']).where('contestId', '=', id).where('wordsPending', '>', 0).execute();
    for (const story of pending) {
      const zone = await resolveTimeZone(trx, story.uid);
      await addWritingWords(trx, story.uid, localDay(new Date(story.created_at), zone), Number(story.wordsPending));
    }
    const writers = new Set([...pending.map((p) => p.uid), ...ranked.map((r) => r.item.uid)]);
    // Streaks first: they hold each writer's row, which a save takes before its story's (so before the stories below).
    for (const uid of writers) await syncStreakAndTell(ctx, trx, uid, now);
    // Every entry's story shows its author again and returns to the lists; withdrawn and
    // disqualified ones stay private, and every story written for the contest is an ordinary one now.
    await trx.updateTable('stories').set({ contestId: null, wordsPending: 0 }).where('contestId', '=', id).execute();
    // Every badge (not only the podium's) catches up with what the entries held back.
    for (const uid of writers) await awardBadges(ctx, trx, uid, at);
    for (const { item, place } of ranked) {
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

/** Whether a contest is closed but not yet revealed (a read of it asks the reveal job to run). */
export const awaitsReveal = (contest: { revealedAt: string | null; votingClosesAt: string }, now: Date) =>
  contest.revealedAt === null && new Date(contest.votingClosesAt).getTime() <= now.getTime();
