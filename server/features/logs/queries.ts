import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database>;

/** Deletes the system log rows older than `cutoff` (an ISO-8601 UTC time); the result counts them. */
export function deleteSystemLogsBefore(db: Db, cutoff: string) {
  return db.deleteFrom('systemLogs').where('timestamp', '<', cutoff).executeTakeFirst();
}

/** Deletes the activity log rows older than `cutoff` (an ISO-8601 UTC time); the result counts them. */
export function deleteActivityLogsBefore(db: Db, cutoff: string) {
  return db.deleteFrom('activityLogs').where('timestamp', '<', cutoff).executeTakeFirst();
}
