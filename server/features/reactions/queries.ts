import type { Kysely } from 'kysely';
import type { ReactionKind } from '@common/stories/story';
import type { Database } from '../../db/types';

type Db = Kysely<Database>;

/** One of the reader's reactions on the story, if any is left. */
export function anyReactionOf(db: Db, storyId: string, uid: string) {
  return db.selectFrom('storyReactions').select('kind').where('storyId', '=', storyId).where('uid', '=', uid).executeTakeFirst();
}

/** The reaction, unless the reader already left it (the primary key): the rows really inserted. */
export function insertReaction(db: Db, storyId: string, uid: string, kind: ReactionKind, createdAt: string) {
  return db
    .insertInto('storyReactions')
    .values({ storyId, uid, kind, created_at: createdAt })
    .onConflict((oc) => oc.columns(['storyId', 'uid', 'kind']).doNothing())
    .returning('kind')
    .execute();
}

/** Removes the reaction: the rows really deleted. */
export function deleteReaction(db: Db, storyId: string, uid: string, kind: ReactionKind) {
  return db
    .deleteFrom('storyReactions')
    .where('storyId', '=', storyId)
    .where('uid', '=', uid)
    .where('kind', '=', kind)
    .returning('kind')
    .execute();
}

/** Adds `delta` (negative: takes it away) to the story's likesCount in the statement itself; the count after. */
export function addToLikesCount(db: Db, storyId: string, delta: number) {
  return db
    .updateTable('stories')
    .set((eb) => ({ likesCount: eb('likesCount', delta < 0 ? '-' : '+', Math.abs(delta)) }))
    .where('id', '=', storyId)
    .returning('likesCount')
    .executeTakeFirstOrThrow();
}
