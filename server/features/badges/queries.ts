import { sql, type Expression, type ExpressionBuilder, type Kysely } from 'kysely';
import { DRABBLE_WORDS } from '@common/stories/words';
import type { BadgeFact, BadgeFacts, BadgeId } from '@common/badges/badges';
import type { Database } from '../../db/types';

type Db = Kysely<Database>;

/** The badges a writer holds, as stored (ids and when). */
export function earnedRows(db: Db, uid: string) {
  return db.selectFrom('userBadges').select(['badge', 'earnedAt']).where('uid', '=', uid).execute();
}

type Eb = ExpressionBuilder<Database, never>;

/**
 * The writer's stories that count towards badges: not an unrevealed contest entry (or a story
 * written for one), whose badge would name its writer the moment it was entered; the contest's
 * reveal awards what they reach (features/contests/reveal.ts).
 */
const ownStories = (eb: Eb, uid: string) => eb.selectFrom('stories').where('uid', '=', uid).where('contestId', 'is', null);

/**
 * Each fact as an expression of the writer's own rows: an `exists` where "at least one" is all
 * a first-time badge asks (read as 1 or 0), else a number.
 */
const factExpressions: Record<BadgeFact, (eb: Eb, uid: string) => Expression<unknown>> = {
  stories: (eb, uid) => eb.exists(ownStories(eb, uid).select('id')),
  perfectDrabbles: (eb, uid) => eb.exists(ownStories(eb, uid).select('id').where('wordCount', '=', DRABBLE_WORDS)),
  bestStreak: (eb, uid) => eb.selectFrom('users').select('bestStreak').where('uid', '=', uid),
  answeredPrompts: (eb, uid) =>
    ownStories(eb, uid)
      .select((inner) => inner.fn.count<number | string>('promptDay').distinct().as('days'))
      .where('promptDay', 'is not', null),
  // A reader's comment: the author cannot comment on their own stories, but say so anyway.
  commentsReceived: (eb, uid) =>
    eb.exists(
      eb
        .selectFrom('storyComments as c')
        .innerJoin('stories as s', 's.id', 'c.storyId')
        .select('c.id')
        .where('s.uid', '=', uid)
        .where('c.uid', '<>', uid),
    ),
  mostReactions: (eb, uid) => ownStories(eb, uid).select((inner) => inner.fn.max('likesCount').as('most')),
  // Places are written only by a contest's reveal (features/contests/reveal.ts).
  contestWins: (eb, uid) => eb.exists(eb.selectFrom('contestEntries').select('uid').where('uid', '=', uid).where('place', '=', 1)),
  contestPodiums: (eb, uid) => eb.exists(eb.selectFrom('contestEntries').select('uid').where('uid', '=', uid).where('place', '<=', 3)),
};

/** The facts asked for, in one statement (a column each). */
export async function gatherFacts(db: Db, uid: string, facts: readonly BadgeFact[]): Promise<BadgeFacts> {
  if (facts.length === 0) return {};
  const values: Record<string, unknown> = await db.selectNoFrom((eb) => facts.map((fact) => sql`(${factExpressions[fact](eb, uid)})`.as(fact))).executeTakeFirstOrThrow();
  const gathered: BadgeFacts = {};
  // exists is a boolean on PostgreSQL, 0 or 1 on SQLite; an empty max or missing row is 0.
  for (const fact of facts) gathered[fact] = Number(typeof values[fact] === 'boolean' ? values[fact] : (values[fact] ?? 0));
  return gathered;
}

/**
 * Inserts the badges, skipping any the writer already holds (ON CONFLICT DO NOTHING on the
 * primary key (uid, badge)); returns only those this insert really wrote.
 */
export async function insertNewBadges(db: Db, uid: string, badges: readonly BadgeId[], at: string): Promise<string[]> {
  const inserted = await db
    .insertInto('userBadges')
    .values(badges.map((badge) => ({ uid, badge, earnedAt: at })))
    .onConflict((oc) => oc.columns(['uid', 'badge']).doNothing())
    .returning('badge')
    .execute();
  return inserted.map((r) => r.badge);
}
