import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database>;

/* Every statement on storySchedules (migration 0035) but the stories feature's clearing of it when a story is published by hand. */

export async function findSchedule(db: Db, storyId: string): Promise<{ publishAt: string } | undefined> {
  return db.selectFrom('storySchedules').select('publishAt').where('storyId', '=', storyId).executeTakeFirst();
}

/** Sets or moves the story's one schedule (the key is the story: parallel requests leave one row, the last one's). */
export async function upsertSchedule(trx: Db, storyId: string, publishAt: string, at: string): Promise<void> {
  await trx
    .insertInto('storySchedules')
    .values({ storyId, publishAt, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('storyId').doUpdateSet({ publishAt, updated_at: at }))
    .execute();
}

export async function deleteSchedule(trx: Db, storyId: string): Promise<void> {
  await trx.deleteFrom('storySchedules').where('storyId', '=', storyId).execute();
}

/** The stories due by `now` (a UTC ISO instant), soonest first. */
export async function dueSchedules(db: Db, now: string, limit: number): Promise<{ storyId: string }[]> {
  return db.selectFrom('storySchedules').select('storyId').where('publishAt', '<=', now).orderBy('publishAt').limit(limit).execute();
}

/**
 * The claim: deletes the story's schedule if it is still due by `now`, answering whether this
 * call deleted it. Of several instances (or runs) only the one whose delete took the row goes on;
 * a schedule moved later or cancelled in between is not due and stays as it is.
 */
export async function claimDueSchedule(trx: Db, storyId: string, now: string): Promise<boolean> {
  const result = await trx.deleteFrom('storySchedules').where('storyId', '=', storyId).where('publishAt', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every schedule of the writer's stories, soonest first. */
export async function schedulesOf(db: Db, uid: string): Promise<{ storyId: string; title: string; publishAt: string }[]> {
  return db
    .selectFrom('storySchedules')
    .innerJoin('stories', 'stories.id', 'storySchedules.storyId')
    .select(['storySchedules.storyId', 'stories.title', 'storySchedules.publishAt'])
    .where('stories.uid', '=', uid)
    .orderBy('storySchedules.publishAt')
    .execute();
}
