import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

/*
 * Who is online and what they are looking at, across every server instance: each open live
 * stream has a row in liveStreams (written and renewed by server/events), current while its
 * `until` is in the future. Notifications read it to skip what someone is looking at, and
 * emails to wait for people who are away.
 */

/** A writer with a live stream open anywhere is online. */
export async function isOnline(db: Kysely<Database>, uid: string, now: string): Promise<boolean> {
  const row = await db.selectFrom('liveStreams').select('id').where('uid', '=', uid).where('until', '>', now).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Whether one of the writer's open tabs is looking at `target` (e.g. 'story:<id>'). */
export async function isWatching(db: Kysely<Database>, uid: string, target: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('liveStreams')
    .select('id')
    .where('uid', '=', uid)
    .where('watching', '=', target)
    .where('until', '>', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
