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
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { accountAdmin, type SignedInViewer, type Viewer } from '../../policy/viewer';
import { lockStory } from '../stories';
import {
  authorOf,
  contestsNotOver,
  countingEntryOfStory,
  deleteEntryOfWriter,
  deleteVote,
  entriesForPage,
  entryByStory,
  entryOfWriter,
  findContest,
  insertEntry,
  insertVote,
  latestClosedContests,
  lockContest,
  ownEntryStory,
  personRefusal,
  revealedContests,
  setStoryEntered,
  summariesOf,
  toSummary,
  unpublishEntry,
  votedStoriesOf,
  votesOf,
  type ContestRow,
} from './queries';
import { awaitsReveal } from './reveal';

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
  const open = await contestsNotOver(ctx.db, at, 10);
  const latest = await latestClosedContests(ctx.db, at, 1);
  if (latest.some((row) => awaitsReveal(row, now))) ctx.jobs.runSoon(REVEAL_JOB);
  // No contest taking entries this week yet: the weekly job makes it, when contests run by themselves.
  if (!open.some((row) => contestPhase(row, now) === 'entry' || contestPhase(row, now) === 'upcoming')) ctx.jobs.runSoon(WEEKLY_JOB);
  const [contests, results] = [await summariesOf(ctx.db, open, now), await summariesOf(ctx.db, latest, now)];
  return { contests, latestResults: results[0] ?? null };
}

/** GET /api/contests: the contests whose results are out, newest first. */
export async function pastContests(ctx: ServerContext, now: Date): Promise<PastContests> {
  const rows = await revealedContests(ctx.db, CONTESTS_PAST_MAX);
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
      : await entriesForPage(ctx.db, id);
  const voted = new Set(uid === null ? [] : await votedStoriesOf(ctx.db, id, uid));
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
  const mine = rows.find((r) => r.uid === uid) ?? (uid === null ? undefined : await ownEntryStory(ctx.db, id, uid));
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
    const current = await entryByStory(trx, storyId);
    if (current && (current.contestId !== id || current.disqualifiedAt !== null)) throw conflict(CONTEST_TEXTS.alreadyEntered);
    if (current) return; // Already this writer's entry: nothing changes.
    const previous = await entryOfWriter(trx, id, viewer.uid);
    if (previous?.disqualifiedAt) throw forbidden(CONTEST_TEXTS.alreadyEntered);
    if (previous) {
      await deleteEntryOfWriter(trx, id, viewer.uid);
      await unpublishEntry(trx, previous.storyId, at);
    }
    await insertEntry(trx, id, viewer.uid, storyId, at);
    await setStoryEntered(trx, storyId, id, story.public !== 1 ? at : null);
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
    const entry = await entryOfWriter(trx, id, viewer.uid);
    if (!entry || entry.disqualifiedAt !== null) throw notFound(CONTEST_TEXTS.noEntry);
    await deleteEntryOfWriter(trx, id, viewer.uid);
    await unpublishEntry(trx, entry.storyId, at);
    await ctx.bus.record(trx, PUBLIC_STORIES_TOPIC, 'stories.changed', {});
  });
  await ctx.bus.flush();
  return contestPage(ctx, viewer, id, now);
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
      if (alreadyVoted) await deleteVote(trx, id, viewer.uid, storyId);
      return given.filter((s) => s !== storyId);
    }
    if (accountAdmin(viewer)) throw forbidden(CONTEST_TEXTS.adminVote);
    const person = await personRefusal(trx, viewer.uid, now);
    if (person) throw forbidden(person);
    const entry = await countingEntryOfStory(trx, id, storyId);
    if (!entry) throw notFound(CONTEST_TEXTS.entryNotFound);
    const refusal = voteRefusal({ phase, admin: accountAdmin(viewer), ownEntry: entry.uid === viewer.uid, alreadyVoted, votesGiven: given.length });
    if (refusal) throw refusal === CONTEST_TEXTS.tooManyVotes ? conflict(refusal) : forbidden(refusal);
    if (alreadyVoted) return given;
    await insertVote(trx, id, viewer.uid, storyId, now.toISOString());
    return [...given, storyId];
  });
  return { voted, votesLeft: Math.max(0, CONTEST_VOTES_MAX - voted.length) };
}
