import { PUBLIC_STORIES_TOPIC } from '@common/events/live-events';
import { CONTEST_TEXTS, contestPhase, dailyContestPrompt, disqualifiedNotice, mondayOf, type AdminContests, type ContestInput } from '@common/contests/contests';
import type { ServerContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { newId } from '../../shared/ids';
import { notifySelf } from '../notifications';
import { ensureWeeklyContests } from './weekly';
import {
  anyEntryOf,
  authorOf,
  deleteContestRow,
  deleteVotesFor,
  disqualifyEntryRow,
  entryOfStory,
  everyEntryOf,
  insertContest,
  lockContest,
  moveStoriesToContest,
  newestContests,
  summariesOf,
  unpublishEntry,
  updateContest,
  weeklyContestOf,
} from './queries';

/** How many contests the admin screen lists, newest first. */
const ADMIN_CONTESTS_MAX = 30;

/** The prompt as stored: the admin's words, or (left empty) the daily prompt of the entry window's Monday. */
function promptColumns(input: ContestInput) {
  if (input.prompt !== '') return { prompt: input.prompt, promptDay: null };
  const monday = mondayOf(new Date(input.entryOpensAt));
  return { prompt: dailyContestPrompt(monday), promptDay: monday };
}

const windowColumns = (input: ContestInput) => ({
  entryOpensAt: input.entryOpensAt,
  entryClosesAt: input.entryClosesAt,
  votingOpensAt: input.votingOpensAt,
  votingClosesAt: input.votingClosesAt,
});

/** GET /api/admin/contests: every contest with every entry and its author, disqualified ones too. */
export async function adminContests(ctx: ServerContext, now: Date): Promise<AdminContests> {
  await ensureWeeklyContests(ctx, now);
  const rows = await newestContests(ctx.db, ADMIN_CONTESTS_MAX);
  const summaries = await summariesOf(ctx.db, rows, now);
  const ids = rows.map((r) => r.id);
  const entries = ids.length === 0 ? [] : await everyEntryOf(ctx.db, ids);
  return {
    contests: summaries.map((summary) => ({
      ...summary,
      editable: summary.phase === 'upcoming',
      entries: entries
        .filter((e) => e.contestId === summary.id)
        .map((e) => ({
          storyId: e.storyId,
          title: e.title,
          author: authorOf(e),
          enteredAt: e.created_at,
          disqualifiedAt: e.disqualifiedAt,
          disqualifiedReason: e.disqualifiedReason,
          place: e.place === null ? null : Number(e.place),
        })),
    })),
  };
}

/**
 * POST /api/admin/contests. Refused when entries would already be closed. The admin's contest
 * takes the place of the automatic one of the week its entries open in (weekly.ts), while that
 * one has no entries: two contests of one week, one of them made by no one, only confuse. Once
 * the automatic one has entries it stays (they are its writers'), and the two run side by side.
 * Stories written for the automatic one wait for the admin's reveal instead (their held-back words).
 */
export async function createContest(ctx: ServerContext, input: ContestInput, now: Date): Promise<{ id: string }> {
  if (new Date(input.entryClosesAt).getTime() <= now.getTime()) throw conflict('Entries would already be closed. Please choose later dates.');
  const id = newId();
  const at = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await insertContest(trx, { id, ...promptColumns(input), ...windowColumns(input), revealedAt: null, created_at: at, updated_at: at });
    const week = mondayOf(new Date(input.entryOpensAt));
    const automatic = await weeklyContestOf(trx, week);
    // Held like every entry holds it, so no writer enters it while it is being replaced.
    if (!automatic || !(await lockContest(trx, ctx.dialect, automatic.id))) return;
    if (await anyEntryOf(trx, automatic.id)) return;
    await moveStoriesToContest(trx, automatic.id, id);
    await deleteContestRow(trx, automatic.id);
  });
  return { id };
}

/** PATCH /api/admin/contests/:id: only before entries open. */
export async function editContest(ctx: ServerContext, id: string, input: ContestInput, now: Date): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const contest = await lockContest(trx, ctx.dialect, id);
    if (!contest) throw notFound(CONTEST_TEXTS.notFound);
    if (contestPhase(contest, now) !== 'upcoming') throw conflict(CONTEST_TEXTS.alreadyOpen);
    await updateContest(trx, id, { ...promptColumns(input), ...windowColumns(input), updated_at: now.toISOString() });
  });
}

/**
 * POST /api/admin/contests/:id/entries/:storyId/disqualify: the entry leaves the contest
 * (its votes go, freeing the readers' votes), its story goes back to private, and its author is
 * told why. Until the results are out.
 */
export async function disqualifyEntry(ctx: ServerContext, id: string, storyId: string, reason: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const contest = await lockContest(trx, ctx.dialect, id);
    if (!contest) throw notFound(CONTEST_TEXTS.notFound);
    if (contest.revealedAt !== null) throw conflict(CONTEST_TEXTS.revealed);
    const entry = await entryOfStory(trx, id, storyId);
    if (!entry) throw notFound(CONTEST_TEXTS.entryNotFound);
    if (entry.disqualifiedAt !== null) return;
    await disqualifyEntryRow(trx, id, storyId, at, reason);
    await deleteVotesFor(trx, id, storyId);
    await unpublishEntry(trx, storyId, at);
    await notifySelf(ctx, trx, { to: entry.uid, type: 'moderation', detail: disqualifiedNotice(reason), link: `/contests/${id}`, at });
    await ctx.bus.record(trx, PUBLIC_STORIES_TOPIC, 'stories.changed', {});
  });
  await ctx.bus.flush();
}
