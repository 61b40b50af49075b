import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database>;

/** Rows read per query while a book is written: enough to keep the database round trips few. */
export const BOOK_PAGE = 200;

/** What the book needs of its writer: how to name them, and their time zone (what "a year" means to them). */
export function bookWriter(db: Db, uid: string) {
  return db.selectFrom('users').select(['displayName', 'name', 'timezone']).where('uid', '=', uid).executeTakeFirst();
}

/** When each of the writer's stories was written: the download menu counts them per year in the writer's zone. */
export function writingDates(db: Db, uid: string) {
  return db.selectFrom('stories').select('created_at').where('uid', '=', uid).execute();
}

export const BOOK_STORY_COLUMNS = ['seq', 'id', 'title', 'content', 'contentWarnings', 'contentWarningNote', 'created_at'] as const;

/** The writer's stories written in [from, to), oldest first, one page after `after`. */
export function writingBetween(db: Db, uid: string, from: string, to: string, after: { created_at: string; seq: number } | null) {
  let q = db.selectFrom('stories').select(BOOK_STORY_COLUMNS).where('uid', '=', uid).where('created_at', '>=', from).where('created_at', '<', to);
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('created_at', 'seq'), '>', tuple(after.created_at, after.seq)));
  return q.orderBy('created_at').orderBy('seq').limit(BOOK_PAGE).execute();
}
export type BookStoryRow = Awaited<ReturnType<typeof writingBetween>>[number];
