import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { AUTHOR_STATE, authorStateOf } from '@common/moderation/moderation';
import { contestPhase, contestTitle, participationRefusal, type ContestAuthor, type ContestSummary } from '@common/contests/contests';
import type { ContestsTable, Database } from '../../db/types';
import type { Dialect } from '../../db/database';
import { forUpdate } from '../../db/locks';
import { toDbBool } from '../../db/bool';

type Db = Kysely<Database>;

const CONTEST_COLUMNS = ['id', 'prompt', 'promptDay', 'entryOpensAt', 'entryClosesAt', 'votingOpensAt', 'votingClosesAt', 'revealedAt'] as const;
export type ContestRow = Pick<Selectable<ContestsTable>, (typeof CONTEST_COLUMNS)[number]>;

export function findContest(db: Db, id: string): Promise<ContestRow | undefined> {
  return db.selectFrom('contests').select(CONTEST_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The contest row, locked until commit: every entry, vote, edit and the reveal of one contest queue behind each other. */
export function lockContest(trx: Db, dialect: Dialect, id: string): Promise<ContestRow | undefined> {
  return trx.selectFrom('contests').select(CONTEST_COLUMNS).where('id', '=', id).$call(forUpdate(dialect)).executeTakeFirst();
}

/**
 * The entries that count, with their stories: not disqualified, the story public, its writer in
 * good standing (a writer limited or suspended since entering drops out, as their stories do
 * from the community's lists).
 */
function countingEntries(db: Db, contestId: string | readonly string[]) {
  const entries = db.selectFrom('contestEntries as e').innerJoin('stories as s', 's.id', 'e.storyId');
  return (typeof contestId === 'string' ? entries.where('e.contestId', '=', contestId) : entries.where('e.contestId', 'in', contestId))
    .where('e.disqualifiedAt', 'is', null)
    .where('s.public', '=', 1)
    .where('s.authorState', '=', AUTHOR_STATE.visible);
}

export async function entriesCounts(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await countingEntries(db, ids)
    .select(['e.contestId', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('e.contestId')
    .execute();
  return new Map(rows.map((r) => [r.contestId, Number(r.n)]));
}

export function toSummary(row: ContestRow, entriesCount: number, now: Date): ContestSummary {
  return {
    id: row.id,
    title: contestTitle(row.entryOpensAt),
    prompt: row.prompt,
    promptDay: row.promptDay,
    entryOpensAt: row.entryOpensAt,
    entryClosesAt: row.entryClosesAt,
    votingOpensAt: row.votingOpensAt,
    votingClosesAt: row.votingClosesAt,
    phase: contestPhase(row, now),
    resultsPending: contestPhase(row, now) === 'closed' && row.revealedAt === null,
    entriesCount,
  };
}

export async function summariesOf(db: Db, rows: readonly ContestRow[], now: Date): Promise<ContestSummary[]> {
  const counts = await entriesCounts(db, rows.map((r) => r.id));
  return rows.map((r) => toSummary(r, counts.get(r.id) ?? 0, now));
}

/** Why this person may not take part at all (common/contests/contests.ts participationRefusal), read from their users row. */
export async function personRefusal(db: Db, uid: string, now: Date): Promise<string | null> {
  const user = await db.selectFrom('users').select(['created_at', 'suspendedAt', 'deactivatedAt', 'limitedAt']).where('uid', '=', uid).executeTakeFirst();
  if (!user) return 'Please sign in to continue.';
  return participationRefusal({ createdAt: user.created_at, authorState: authorStateOf(user) }, now);
}

/** An entry's author as the results and the admins show them: the story's author snapshot. */
export function authorOf(row: { uid: string; authorDisplayName: string; authorProfileIcon: string; authorProfileColor: string; authorProfileImage: string | null }): ContestAuthor {
  return { uid: row.uid, displayName: row.authorDisplayName, profileIcon: row.authorProfileIcon, profileColor: row.authorProfileColor, profileImage: row.authorProfileImage };
}

const AUTHOR_COLUMNS = ['s.authorDisplayName', 's.authorProfileIcon', 's.authorProfileColor', 's.authorProfileImage'] as const;

/** The contest a new story is written for, when this writer may enter it now; null otherwise (the story is then an ordinary one). */
export async function contestOpenTo(db: Db, contestId: string, uid: string, now: Date): Promise<string | null> {
  const contest = await findContest(db, contestId);
  if (!contest || contestPhase(contest, now) !== 'entry') return null;
  return (await personRefusal(db, uid, now)) === null ? contest.id : null;
}

/**
 * An entry leaving its contest before the reveal (withdrawn, replaced or disqualified) goes back
 * to private: readers have seen it without a name, and it must not now appear with one. It keeps
 * `contestId` until the reveal, so the words it holds back still wait for it (reveal.ts).
 */
export async function unpublishEntry(db: Db, storyId: string, at: string): Promise<void> {
  await db.updateTable('stories').set({ public: toDbBool(false), madePrivateAt: at, publishedAt: null }).where('id', '=', storyId).where('public', '=', 1).execute();
}

/** The newest contests by when entries open. */
export function newestContests(db: Db, limit: number): Promise<ContestRow[]> {
  return db.selectFrom('contests').select(CONTEST_COLUMNS).orderBy('entryOpensAt', 'desc').limit(limit).execute();
}

/** The contests whose voting has not closed at `at`, soonest first. */
export function contestsNotOver(db: Db, at: string, limit: number): Promise<ContestRow[]> {
  return db.selectFrom('contests').select(CONTEST_COLUMNS).where('votingClosesAt', '>', at).orderBy('entryOpensAt').limit(limit).execute();
}

/** The contests whose voting has closed at `at`, latest first. */
export function latestClosedContests(db: Db, at: string, limit: number): Promise<ContestRow[]> {
  return db.selectFrom('contests').select(CONTEST_COLUMNS).where('votingClosesAt', '<=', at).orderBy('votingClosesAt', 'desc').limit(limit).execute();
}

/** The contests whose results are out, newest first. */
export function revealedContests(db: Db, limit: number): Promise<ContestRow[]> {
  return db
    .selectFrom('contests')
    .select(CONTEST_COLUMNS)
    .where('revealedAt', 'is not', null)
    .orderBy('votingClosesAt', 'desc')
    .limit(limit)
    .execute();
}

/** The contests whose voting closed by `at` and that are not revealed yet, the earliest first. */
export function contestsDueForReveal(db: Db, at: string, limit: number) {
  return db
    .selectFrom('contests')
    .select('id')
    .where('votingClosesAt', '<=', at)
    .where('revealedAt', 'is', null)
    .orderBy('votingClosesAt')
    .limit(limit)
    .execute();
}

/** A contest whose entries open in [from, to), if any. */
export function contestOpeningBetween(db: Db, from: string, to: string) {
  return db
    .selectFrom('contests')
    .select('id')
    .where('entryOpensAt', '>=', from)
    .where('entryOpensAt', '<', to)
    .executeTakeFirst();
}

/** The automatic contest of a week, unless one instance or job made it already (`contests.week` is unique). */
export async function insertWeeklyContest(db: Db, row: Insertable<ContestsTable>): Promise<void> {
  await db
    .insertInto('contests')
    .values(row)
    .onConflict((oc) => oc.column('week').doNothing())
    .execute();
}

export async function insertContest(db: Db, row: Insertable<ContestsTable>): Promise<void> {
  await db.insertInto('contests').values(row).execute();
}

export async function updateContest(db: Db, id: string, values: Updateable<ContestsTable>): Promise<void> {
  await db.updateTable('contests').set(values).where('id', '=', id).execute();
}

/** The automatic contest of the week starting `week` (a Monday), if there is one. */
export function weeklyContestOf(db: Db, week: string) {
  return db.selectFrom('contests').select('id').where('week', '=', week).executeTakeFirst();
}

/** Whether the contest has any entry at all (disqualified ones too). */
export async function anyEntryOf(db: Db, contestId: string): Promise<boolean> {
  return (await db.selectFrom('contestEntries').select('uid').where('contestId', '=', contestId).executeTakeFirst()) !== undefined;
}

/** The stories written for one contest are written for another. */
export async function moveStoriesToContest(db: Db, from: string, to: string): Promise<void> {
  await db.updateTable('stories').set({ contestId: to }).where('contestId', '=', from).execute();
}

export async function deleteContestRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('contests').where('id', '=', id).execute();
}

/** Every entry of these contests with its story's title and author, disqualified ones too, in entry order. */
export function everyEntryOf(db: Db, contestIds: readonly string[]) {
  return db
    .selectFrom('contestEntries as e')
    .innerJoin('stories as s', 's.id', 'e.storyId')
    .select(['e.contestId', 'e.storyId', 'e.uid', 'e.created_at', 'e.disqualifiedAt', 'e.disqualifiedReason', 'e.place', 's.title', ...AUTHOR_COLUMNS])
    .where('e.contestId', 'in', contestIds)
    .orderBy('e.created_at')
    .execute();
}

/** The entry of this story in the contest. */
export function entryOfStory(db: Db, contestId: string, storyId: string) {
  return db.selectFrom('contestEntries').select(['uid', 'disqualifiedAt']).where('contestId', '=', contestId).where('storyId', '=', storyId).executeTakeFirst();
}

export async function disqualifyEntryRow(db: Db, contestId: string, storyId: string, at: string, reason: string): Promise<void> {
  await db.updateTable('contestEntries').set({ disqualifiedAt: at, disqualifiedReason: reason }).where('contestId', '=', contestId).where('storyId', '=', storyId).execute();
}

/** Every vote for the story in the contest goes. */
export async function deleteVotesFor(db: Db, contestId: string, storyId: string): Promise<void> {
  await db.deleteFrom('contestVotes').where('contestId', '=', contestId).where('storyId', '=', storyId).execute();
}

/** The counting entries with their votes, for the ranking. */
export function entriesWithVotes(db: Db, contestId: string) {
  return countingEntries(db, contestId)
    .select(['e.storyId', 'e.uid', 'e.created_at'])
    .select((eb) => eb.selectFrom('contestVotes as v').select((v) => v.fn.countAll<number | string>().as('n')).whereRef('v.storyId', '=', 'e.storyId').where('v.contestId', '=', contestId).as('votes'))
    .execute();
}

export async function setEntryResult(db: Db, contestId: string, storyId: string, votes: number, place: number): Promise<void> {
  await db.updateTable('contestEntries').set({ votes, place }).where('contestId', '=', contestId).where('storyId', '=', storyId).execute();
}

export async function setContestRevealed(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('contests').set({ revealedAt: at, updated_at: at }).where('id', '=', id).execute();
}

/** The stories written for the contest whose words wait for its reveal. */
export function storiesHoldingWords(db: Db, contestId: string) {
  return db.selectFrom('stories').select(['uid', 'created_at', 'wordsPending']).where('contestId', '=', contestId).where('wordsPending', '>', 0).execute();
}

/** Every story written for the contest is an ordinary one, holding no words back. */
export async function releaseContestStories(db: Db, contestId: string): Promise<void> {
  await db.updateTable('stories').set({ contestId: null, wordsPending: 0 }).where('contestId', '=', contestId).execute();
}

/** The counting entries as the contest's page shows them, in entry order. */
export function entriesForPage(db: Db, contestId: string) {
  return (
    countingEntries(db, contestId)
      .select(['e.storyId', 'e.uid', 'e.votes', 'e.place', 'e.created_at', 's.title', 's.content', 's.wordCount', 's.contentWarnings', 's.contentWarningNote', ...AUTHOR_COLUMNS])
      // Entry order: within a tie the earlier entry is listed first (the sort by place below keeps it).
      .orderBy('e.created_at')
      .orderBy('e.storyId')
      .execute()
  );
}

/** The stories the reader voted for in the contest. */
export async function votedStoriesOf(db: Db, contestId: string, uid: string): Promise<string[]> {
  return (await db.selectFrom('contestVotes').select('storyId').where('contestId', '=', contestId).where('voterUid', '=', uid).execute()).map((r) => r.storyId);
}

/** The reader's votes in the contest, in the order given. */
export async function votesOf(db: Db, contestId: string, uid: string): Promise<string[]> {
  return (await db.selectFrom('contestVotes').select('storyId').where('contestId', '=', contestId).where('voterUid', '=', uid).orderBy('created_at').execute()).map((r) => r.storyId);
}

/** The writer's own entry even when it does not count (made private since, say), so they can replace or withdraw it. */
export function ownEntryStory(db: Db, contestId: string, uid: string) {
  return db
    .selectFrom('contestEntries as e')
    .innerJoin('stories as s', 's.id', 'e.storyId')
    .select(['e.storyId', 's.title'])
    .where('e.contestId', '=', contestId)
    .where('e.uid', '=', uid)
    .where('e.disqualifiedAt', 'is', null)
    .executeTakeFirst();
}

/** The story's entry in any contest. */
export function entryByStory(db: Db, storyId: string) {
  return db.selectFrom('contestEntries').select(['contestId', 'uid', 'storyId', 'disqualifiedAt']).where('storyId', '=', storyId).executeTakeFirst();
}

/** The writer's entry in the contest. */
export function entryOfWriter(db: Db, contestId: string, uid: string) {
  return db.selectFrom('contestEntries').select(['storyId', 'disqualifiedAt']).where('contestId', '=', contestId).where('uid', '=', uid).executeTakeFirst();
}

export async function deleteEntryOfWriter(db: Db, contestId: string, uid: string): Promise<void> {
  await db.deleteFrom('contestEntries').where('contestId', '=', contestId).where('uid', '=', uid).execute();
}

export async function insertEntry(db: Db, contestId: string, uid: string, storyId: string, at: string): Promise<void> {
  await db.insertInto('contestEntries').values({ contestId, uid, storyId, created_at: at, disqualifiedAt: null, disqualifiedReason: null, votes: null, place: null }).execute();
}

/** The story is written for the contest; `publishedAt` given, it becomes public at that moment too. */
export async function setStoryEntered(db: Db, storyId: string, contestId: string, publishedAt: string | null): Promise<void> {
  await db
    .updateTable('stories')
    .set({ contestId, ...(publishedAt !== null ? { public: toDbBool(true), madePublicAt: publishedAt, publishedAt } : {}) })
    .where('id', '=', storyId)
    .execute();
}

/** The entry the reader would vote for, when it counts. */
export function countingEntryOfStory(db: Db, contestId: string, storyId: string) {
  return countingEntries(db, contestId).select('e.uid').where('e.storyId', '=', storyId).executeTakeFirst();
}

export async function deleteVote(db: Db, contestId: string, uid: string, storyId: string): Promise<void> {
  await db.deleteFrom('contestVotes').where('contestId', '=', contestId).where('voterUid', '=', uid).where('storyId', '=', storyId).execute();
}

export async function insertVote(db: Db, contestId: string, uid: string, storyId: string, at: string): Promise<void> {
  await db.insertInto('contestVotes').values({ contestId, voterUid: uid, storyId, created_at: at }).execute();
}
