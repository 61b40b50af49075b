import { profileImageKey } from '../../features/avatars';
import { remoteAvatarKey } from '../../features/federation';
import type { CatalogTable, Query } from './catalog';

/**
 * The uploaded files the database points at, read inside the snapshot: the storage is listed
 * by what the rows name, so a backup holds exactly the files its rows need (and works the same
 * on every storage driver, which can get but not list). Profile images, and our copies of the
 * pictures of accounts on other servers; a new kind of upload adds its query here.
 *
 * The copies could be fetched again, but only are when an account's picture changes: a restore
 * without them would show no picture for every account until then, so they are carried (each
 * at most a 512 px WebP).
 */
export async function uploadedFileKeys(query: Query, tables: readonly CatalogTable[]): Promise<string[]> {
  const rows = await query(`select uid from users where "profileImage" is not null order by uid`);
  // A database still at an earlier schema (kept back on purpose) has no copies yet.
  const copies = tables.some((t) => t.name === 'remoteActors' && t.columns.some((c) => c.name === 'avatarUrl'));
  const remote = copies ? await query(`select uri from "remoteActors" where "avatarUrl" is not null order by uri`) : [];
  return [...rows.map((row) => profileImageKey(String(row.uid))), ...remote.map((row) => remoteAvatarKey(String(row.uri)))];
}
