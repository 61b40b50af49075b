import { profileImageKey } from '../../features/avatars';
import type { Query } from './catalog';

/**
 * The uploaded files the database points at, read inside the snapshot: the storage is listed
 * by what the rows name, so a backup holds exactly the files its rows need (and works the same
 * on every storage driver, which can get but not list). Profile images are the only uploads
 * today; a new kind of upload adds its query here.
 */
export async function uploadedFileKeys(query: Query): Promise<string[]> {
  const rows = await query(`select uid from users where "profileImage" is not null order by uid`);
  return rows.map((row) => profileImageKey(String(row.uid)));
}
