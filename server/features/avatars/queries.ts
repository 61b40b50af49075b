import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database>;

/** The writer's record points at this profile image (null: none). */
export async function setUserProfileImage(db: Db, uid: string, profileImage: string | null): Promise<void> {
  await db.updateTable('users').set({ profileImage }).where('uid', '=', uid).execute();
}
