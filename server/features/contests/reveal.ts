import { PUBLIC_STORIES_TOPIC } from '@common/events/live-events';
import { contestPhase, placeNotice, rankByVotes } from '@common/contests/contests';
import { localDay } from '@common/streaks/streak';
import type { ServerContext } from '../../context';
import { awardBadges } from '../badges';
import { notifySelf } from '../notifications';
import { addWritingWords, resolveTimeZone, syncStreakAndTell } from '../streaks';
import { contestsDueForReveal, entriesWithVotes, lockContest, releaseContestStories, setContestRevealed, setEntryResult, storiesHoldingWords } from './queries';

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
    const rows = await entriesWithVotes(trx, id);
    const ranked = rankByVotes(rows, (r) => Number(r.votes ?? 0), (a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
    for (const { item, place } of ranked) {
      await setEntryResult(trx, id, item.storyId, Number(item.votes ?? 0), place);
    }
    await setContestRevealed(trx, id, at);
    // The words written for the contest count now, on the days they were written (in each writer's zone).
    const pending = await storiesHoldingWords(trx, id);
    for (const story of pending) {
      const zone = await resolveTimeZone(trx, story.uid);
      await addWritingWords(trx, story.uid, localDay(new Date(story.created_at), zone), Number(story.wordsPending));
    }
    const writers = new Set([...pending.map((p) => p.uid), ...ranked.map((r) => r.item.uid)]);
    // Streaks first: they hold each writer's row, which a save takes before its story's (so before the stories below).
    for (const uid of writers) await syncStreakAndTell(ctx, trx, uid, now);
    // Every entry's story shows its author again and returns to the lists; withdrawn and
    // disqualified ones stay private, and every story written for the contest is an ordinary one now.
    await releaseContestStories(trx, id);
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
  const due = await contestsDueForReveal(ctx.db, now.toISOString(), 20);
  let revealed = 0;
  for (const { id } of due) if (await revealContest(ctx, id, now)) revealed++;
  if (revealed > 0) await ctx.bus.flush();
  return revealed;
}

/** Whether a contest is closed but not yet revealed (a read of it asks the reveal job to run). */
export const awaitsReveal = (contest: { revealedAt: string | null; votingClosesAt: string }, now: Date) =>
  contest.revealedAt === null && new Date(contest.votingClosesAt).getTime() <= now.getTime();
