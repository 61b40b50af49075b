import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database>;

/** The writer's daily goal and time zone (undefined: no such writer). */
export function goalAndZoneOf(db: Db, uid: string) {
  return db.selectFrom('users').select(['dailyGoal', 'timezone']).where('uid', '=', uid).executeTakeFirst();
}

/** Every day the writer wrote on, with its words. */
export function writtenDaysOf(db: Db, uid: string) {
  return db.selectFrom('writingDays').select(['day', 'words']).where('uid', '=', uid).where('words', '>', 0).execute();
}
