import type { Kysely, Selectable } from 'kysely';
import { AUTHOR_STATE, authorStateOf } from '@common/moderation/moderation';
import { contestPhase, contestTitle, participationRefusal, type ContestAuthor, type ContestSummary } from '@common/contests/contests';
import type { ContestsTable, Database } from '../../db/types';
import type { Dialect } from '../../db/database';
import { forUpdate } from '../../db/locks';
import { toDbBool } from '../../db/bool';

type Db = Kysely<Database>;

export const CONTEST_COLUMNS = ['id', 'prompt', 'promptDay', 'entryOpensAt', 'entryClosesAt', 'votingOpensAt', 'votingClosesAt', 'revealedAt'] as const;
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
export function countingEntries(db: Db, contestId: string | readonly string[]) {
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

export const AUTHOR_COLUMNS = ['s.authorDisplayName', 's.authorProfileIcon', 's.authorProfileColor', 's.authorProfileImage'] as const;

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
