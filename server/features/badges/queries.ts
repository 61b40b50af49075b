import type { Kysely } from 'kysely';
import { DRABBLE_WORDS } from '@common/words';
import type { BadgeFact, BadgeFacts } from '@common/badges';
import type { Database } from '../../db/types';

type Db = Kysely<Database>;

/** The badges a writer holds, as stored (ids and when). */
export function earnedRows(db: Db, uid: string) {
  return db.selectFrom('userBadges').select(['badge', 'earnedAt']).where('uid', '=', uid).execute();
}

/** 1 when the query finds a row, else 0: "at least one" is all a first-time badge asks. */
const any = async (q: Promise<unknown>) => ((await q) === undefined ? 0 : 1);

/** One query per fact; each reads only the writer's own rows. */
const gatherers: Record<BadgeFact, (db: Db, uid: string) => Promise<number>> = {
  stories: (db, uid) => any(db.selectFrom('stories').select('id').where('uid', '=', uid).limit(1).executeTakeFirst()),
  perfectDrabbles: (db, uid) =>
    any(db.selectFrom('stories').select('id').where('uid', '=', uid).where('wordCount', '=', DRABBLE_WORDS).limit(1).executeTakeFirst()),
  bestStreak: async (db, uid) => Number((await db.selectFrom('users').select('bestStreak').where('uid', '=', uid).executeTakeFirst())?.bestStreak ?? 0),
  answeredPrompts: async (db, uid) => {
    const row = await db
      .selectFrom('stories')
      .select((eb) => eb.fn.count<number | string>('promptDay').distinct().as('days'))
      .where('uid', '=', uid)
      .where('promptDay', 'is not', null)
      .executeTakeFirst();
    return Number(row?.days ?? 0);
  },
  // A reader's comment: the author cannot comment on their own stories, but say so anyway.
  commentsReceived: (db, uid) =>
    any(
      db
        .selectFrom('storyComments as c')
        .innerJoin('stories as s', 's.id', 'c.storyId')
        .select('c.id')
        .where('s.uid', '=', uid)
        .where('c.uid', '<>', uid)
        .limit(1)
        .executeTakeFirst(),
    ),
  mostReactions: async (db, uid) => {
    const row = await db
      .selectFrom('stories')
      .select((eb) => eb.fn.max('likesCount').as('most'))
      .where('uid', '=', uid)
      .executeTakeFirst();
    return Number(row?.most ?? 0);
  },
};

/** The facts asked for, one after another (a transaction runs one query at a time). */
export async function gatherFacts(db: Db, uid: string, facts: readonly BadgeFact[]): Promise<BadgeFacts> {
  const gathered: BadgeFacts = {};
  for (const fact of facts) gathered[fact] = await gatherers[fact](db, uid);
  return gathered;
}
