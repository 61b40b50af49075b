import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database>;

/** The reader's favourite, unless it already is one: the rows really inserted (none or one). */
export function insertFavorite(db: Db, uid: string, storyId: string, createdAt: string) {
  return db
    .insertInto('userFavorites')
    .values({ uid, storyId, created_at: createdAt })
    .onConflict((oc) => oc.columns(['uid', 'storyId']).doNothing())
    .returning('storyId')
    .execute();
}

/** Removes the reader's favourite: the rows really deleted (none or one). */
export function deleteFavorite(db: Db, uid: string, storyId: string) {
  return db.deleteFrom('userFavorites').where('uid', '=', uid).where('storyId', '=', storyId).returning('storyId').execute();
}

/** Who wrote the story (undefined: no such story). */
export function storyAuthor(db: Db, storyId: string) {
  return db.selectFrom('stories').select('uid').where('id', '=', storyId).executeTakeFirst();
}
