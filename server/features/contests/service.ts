import type { Transaction } from 'kysely';
import { PUBLIC_STORIES_TOPIC } from '@common/events/live-events';
import {
  CONTEST_TEXTS,
  CONTEST_VOTES_MAX,
  CONTESTS_PAST_MAX,
  contestPhase,
  entryPhaseRefusal,
  entryStoryRefusal,
  isAnonymousPhase,
  shuffleFor,
  voteRefusal,
  type ContestEntry,
  type ContestPage,
  type ContestVoteResponse,
  type CurrentContests,
  type PastContests,
} from '@common/contests/contests';
import { STORY_NOT_FOUND } from '@common/stories/story';
import { warningsOfMask } from '@common/stories/content-warnings';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { toDbBool } from '../../db/bool';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { accountAdmin, type SignedInViewer, type Viewer } from '../../policy/viewer';
import { lockStory } from '../stories';
import { AUTHOR_COLUMNS, authorOf, CONTEST_COLUMNS, countingEntries, findContest, lockContest, personRefusal, summariesOf, toSummary, unpublishEntry, type ContestRow } from './queries';
import { awaitsReveal } from './reveal';

type Trx = Transaction<Database>;

/** A refusal by its kind: the phase (409), the person (403), the story (400). */
const phaseRefusal = (text: string) => conflict(text);

/**
 * The contest as it is. Reads never write: a contest whose voting has just closed is answered
 * with its results pending, and the reveal job is asked to run now (its page asks again).
 * 404 when there is none.
 */
async function loadContest(ctx: ServerContext, id: string, now: Date): Promise<ContestRow> {
  const row = await findContest(ctx.db, id);
  if (!row) throw notFound(CONTEST_TEXTS.notFound);
  if (awaitsReveal(row, now)) ctx.jobs.runSoon(REVEAL_JOB);
  return row;
}

/** The jobs (server/jobs) that do what a contest read may find due. */
const REVEAL_JOB = 'contest-reveal';
const WEEKLY_JOB = 'weekly-contests';

/** GET /api/contests/current: every contest not over yet, soonest first, and the latest results. */
export async function currentContests(ctx: ServerContext, now: Date): Promise<CurrentContests> {
  const at = now.toISOString();
  const open = await ctx.db.selectFrom('contests').select(CONTEST_COLUMNS).where('votingClosesAt', '>', at).orderBy('entryOpensAt').limit(10).execute();
  const latest = await ctx.db.selectFrom('contests').select(CONTEST_COLUMNS).where('votingClosesAt', '<=', at).orderBy('votingClosesAt', 'desc').limit(1).execute();
  if (latest.some((row) => awaitsReveal(row, now))) ctx.jobs.runSoon(REVEAL_JOB);
  // No contest taking entries this week yet: the weekly job makes it, when contests run by themselves.
  if (!open.some((row) => contestPhase(row, now) === 'entry' || contestPhase(row, now) === 'upcoming')) ctx.jobs.runSoon(WEEKLY_JOB);
  const [contests, results] = [await summariesOf(ctx.db, open, now), await summariesOf(ctx.db, latest, now)];
  return { contests, latestResults: results[0] ?? null };
}

/** GET /api/contests: the contests whose results are out, newest first. */
export async function pastContests(ctx: ServerContext, now: Date): Promise<PastContests> {
  const rows = await ctx.db
    .selectFrom('contests')
    .select(CONTEST_COLUMNS)
    .where('revealedAt', 'is not', null)
    .orderBy('votingClosesAt', 'desc')
    .limit(CONTESTS_PAST_MAX)
    .execute();
  return { contests: await summariesOf(ctx.db, rows, now) };
}

/**
 * GET /api/contests/:id. While the author is hidden (the entry and voting windows), the
 * entries carry no author and no count, in an order shuffled for this reader; once the results
 * are out, ranked with both. Nothing before entries open.
 */
export async function contestPage(ctx: ServerContext, viewer: Viewer, id: string, now: Date): Promise<ContestPage> {
  const contest = await loadContest(ctx, id, now);
  const phase = contestPhase(contest, now);
  const uid = viewer?.uid ?? null;
  const rows =
    phase === 'upcoming'
      ? []
      : await countingEntries(ctx.db, id)
          .select(['e.storyId', 'e.uid', 'e.votes', 'e.place', 'e.created_at', 's.title', 's.content', 's.wordCount', 's.contentWarnings', 's.contentWarningNote', ...AUTHOR_COLUMNS])
          // Entry order: within a tie the earlier entry is listed first (the sort by place below keeps it).
          .orderBy('e.created_at')
          .orderBy('e.storyId')
          .execute();
  const voted = new Set(uid === null ? [] : (await ctx.db.selectFrom('contestVotes').select('storyId').where('contestId', '=', id).where('voterUid', '=', uid).execute()).map((r) => r.storyId));
  const revealed = !isAnonymousPhase(phase) && contest.revealedAt !== null;
  const entries: ContestEntry[] = rows.map((r) => ({
    storyId: r.storyId,
    title: r.title,
    content: r.content,
    wordCount: Number(r.wordCount),
    mine: r.uid === uid,
    voted: voted.has(r.storyId),
    author: revealed ? authorOf(r) : null,
    votes: revealed ? Number(r.votes ?? 0) : null,
    place: revealed && r.place !== null ? Number(r.place) : null,
    contentWarnings: warningsOfMask(Number(r.contentWarnings)),
    contentWarningNote: r.contentWarningNote,
    // The reader's own entry is never folded away from them, as their own stories never are.
    filtered: r.uid !== uid && (Number(r.contentWarnings) & (viewer?.hiddenWarnings ?? 0)) !== 0,
  }));
  const ordered = revealed
    ? [...entries].sort((a, b) => (a.place ?? Infinity) - (b.place ?? Infinity))
    : shuffleFor(entries, `${id}:${uid ?? Math.random().toString(36)}`);
  const mine = rows.find((r) => r.uid === uid) ?? (uid === null ? undefined : await ownEntryStory(ctx, id, uid));
  const person = uid === null ? 'Please sign in to take part.' : await personRefusal(ctx.db, uid, now);
  return {
    contest: toSummary(contest, rows.length, now),
    entries: ordered,
    myEntry: mine ? { storyId: mine.storyId, title: mine.title } : null,
    votesLeft: phase === 'voting' && uid !== null ? Math.max(0, CONTEST_VOTES_MAX - voted.size) : 0,
    enterRefusal: entryPhaseRefusal(phase) ?? person,
    voteRefusal: voteRefusal({ phase, admin: accountAdmin(viewer), ownEntry: false, alreadyVoted: true, votesGiven: 0 }) ?? person,
  };
}

/** The writer's own entry even when it does not count (made private since, say), so they can replace or withdraw it. */
async function ownEntryStory(ctx: ServerContext, contestId: string, uid: string) {
  return ctx.db
    .selectFrom('contestEntries as e')
    .innerJoin('stories as s', 's.id', 'e.storyId')
    .select(['e.storyId', 's.title'])
    .where('e.contestId', '=', contestId)
    .where('e.uid', '=', uid)
    .where('e.disqualifiedAt', 'is', null)
    .executeTakeFirst();
}

/**
 * PUT /api/contests/:id/entry: enters the writer's story, or replaces their entry with it,
 * while entries are open. The story must be theirs, exactly 100 words and written during the
 * entry window; it becomes public (a private story written for the contest never reached the
 * lists, so nobody saw whose it was) and anonymous until the reveal.
 */
export async function enterContest(ctx: ServerContext, viewer: SignedInViewer, id: string, storyId: string, now: Date): Promise<ContestPage> {
  const at = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const contest = await lockContest(trx, ctx.dialect, id);
    if (!contest) throw notFound(CONTEST_TEXTS.notFound);
    const phase = entryPhaseRefusal(contestPhase(contest, now));
    if (phase) throw phaseRefusal(phase);
    const person = await personRefusal(trx, viewer.uid, now);
    if (person) throw forbidden(person);
    const story = await lockStory(trx, ctx.dialect, storyId);
    if (!story || story.uid !== viewer.uid) throw notFound(STORY_NOT_FOUND);
    const refusal = entryStoryRefusal({ wordCount: Number(story.wordCount), createdAt: story.created_at }, contest);
    if (refusal) throw badRequest(refusal);
    const current = await trx.selectFrom('contestEntries').select(['contestId', 'uid', 'storyId', 'disqualifiedAt']).where('storyId', '=', storyId).executeTakeFirst();
    if (current && (current.contestId !== id || current.disqualifiedAt !== null)) throw conflict(CONTEST_TEXTS.alreadyEntered);
    if (current) return; // Already this writer's entry: nothing changes.
    const previous = await trx.selectFrom('contestEntries').select(['storyId', 'disqualifiedAt']).where('contestId', '=', id).where('uid', '=', viewer.uid).executeTakeFirst();
    if (previous?.disqualifiedAt) throw forbidden(CONTEST_TEXTS.alreadyEntered);
    if (previous) {
      await trx.deleteFrom('contestEntries').where('contestId', '=', id).where('uid', '=', viewer.uid).execute();
      await unpublishEntry(trx, previous.storyId, at);
    }
    await trx.insertInto('contestEntries').values({ contestId: id, uid: viewer.uid, storyId, created_at: at, disqualifiedAt: null, disqualifiedReason: null, votes: null, place: null }).execute();
    const becomesPublic = story.public !== 1;
    await trx
      .updateTable('stories')
      .set({ contestId: id, ...(becomesPublic ? { public: toDbBool(true), madePublicAt: at, publishedAt: at } : {}) })
      .where('id', '=', storyId)
      .execute();
    // A story that was public leaves the lists: every instance's shared community page drops it. No uid: that would name the entrant.
    await ctx.bus.record(trx, PUBLIC_STORIES_TOPIC, 'stories.changed', {});
  });
  await ctx.bus.flush();
  return contestPage(ctx, viewer, id, now);
}

/** DELETE /api/contests/:id/entry: withdraws the writer's entry while entries are open; the story becomes a private story. */
export async function withdrawEntry(ctx: ServerContext, viewer: SignedInViewer, id: string, now: Date): Promise<ContestPage> {
  const at = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const contest = await lockContest(trx, ctx.dialect, id);
    if (!contest) throw notFound(CONTEST_TEXTS.notFound);
    const phase = entryPhaseRefusal(contestPhase(contest, now));
    if (phase) throw phaseRefusal(phase);
    const entry = await trx.selectFrom('contestEntries').select(['storyId', 'disqualifiedAt']).where('contestId', '=', id).where('uid', '=', viewer.uid).executeTakeFirst();
    if (!entry || entry.disqualifiedAt !== null) throw notFound(CONTEST_TEXTS.noEntry);
    await trx.deleteFrom('contestEntries').where('contestId', '=', id).where('uid', '=', viewer.uid).execute();
    await unpublishEntry(trx, entry.storyId, at);
    await ctx.bus.record(trx, PUBLIC_STORIES_TOPIC, 'stories.changed', {});
  });
  await ctx.bus.flush();
  return contestPage(ctx, viewer, id, now);
}

async function votesOf(trx: Trx, contestId: string, uid: string): Promise<string[]> {
  return (await trx.selectFrom('contestVotes').select('storyId').where('contestId', '=', contestId).where('voterUid', '=', uid).orderBy('created_at').execute()).map((r) => r.storyId);
}

/**
 * PUT (vote) and DELETE (take back) /api/contests/:id/votes/:storyId, while voting is open.
 * The contest row is held until commit, so a burst of one reader's votes counts each against
 * the ones before it: never more than three.
 */
export async function castVote(ctx: ServerContext, viewer: SignedInViewer, id: string, storyId: string, give: boolean, now: Date): Promise<ContestVoteResponse> {
  const voted = await ctx.db.transaction().execute(async (trx) => {
    const contest = await lockContest(trx, ctx.dialect, id);
    if (!contest) throw notFound(CONTEST_TEXTS.notFound);
    const phase = contestPhase(contest, now);
    const given = await votesOf(trx, id, viewer.uid);
    const alreadyVoted = given.includes(storyId);
    const phaseOnly = voteRefusal({ phase, admin: false, ownEntry: false, alreadyVoted: true, votesGiven: 0 });
    if (phaseOnly) throw phaseRefusal(phaseOnly);
    if (!give) {
      if (alreadyVoted) await trx.deleteFrom('contestVotes').where('contestId', '=', id).where('voterUid', '=', viewer.uid).where('storyId', '=', storyId).execute();
      return given.filter((s) => s !== storyId);
    }
    if (accountAdmin(viewer)) throw forbidden(CONTEST_TEXTS.adminVote);
    const person = await personRefusal(trx, viewer.uid, now);
    if (person) throw forbidden(person);
    const entry = await countingEntries(trx, id).select('e.uid').where('e.storyId', '=', storyId).executeTakeFirst();
    if (!entry) throw notFound(CONTEST_TEXTS.entryNotFound);
    const refusal = voteRefusal({ phase, admin: accountAdmin(viewer), ownEntry: entry.uid === viewer.uid, alreadyVoted, votesGiven: given.length });
    if (refusal) throw refusal === CONTEST_TEXTS.tooManyVotes ? conflict(refusal) : forbidden(refusal);
    if (alreadyVoted) return given;
    await trx.insertInto('contestVotes').values({ contestId: id, voterUid: viewer.uid, storyId, created_at: now.toISOString() }).execute();
    return [...given, storyId];
  });
  return { voted, votesLeft: Math.max(0, CONTEST_VOTES_MAX - voted.length) };
}
