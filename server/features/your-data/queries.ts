import type { Insertable, Kysely } from 'kysely';
import type { Database, ImportFingerprintsTable, StoriesTable } from '../../db/types';

/* What the export's bookkeeping and the import read and write (the export's files themselves: queries/export-data.ts). */

type Db = Kysely<Database>;

export async function findLastExportAt(db: Db, uid: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('lastExportAt').where('uid', '=', uid).executeTakeFirst();
  return row?.lastExportAt ?? null;
}

/** Moves the last export to `now` when there was none or it was at or before `cutoff`; answers whether this call moved it. */
export async function claimLastExport(db: Db, uid: string, now: string, cutoff: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ lastExportAt: now })
    .where('uid', '=', uid)
    .where((eb) => eb.or([eb('lastExportAt', 'is', null), eb('lastExportAt', '<=', cutoff)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Clears the last export if it is still the one claimed at `claimedAt`. */
export async function releaseLastExport(db: Db, uid: string, claimedAt: string): Promise<void> {
  await db.updateTable('users').set({ lastExportAt: null }).where('uid', '=', uid).where('lastExportAt', '=', claimedAt).execute();
}

/** The person's profile and settings as profile.json shows them. */
export function profileForExport(db: Db, uid: string) {
  return db
    .selectFrom('users')
    .select([
      'name', 'displayName', 'handle', 'email', 'created_at', 'profileIcon', 'colorTheme', 'themeMode', 'profileImage', 'dailyGoal', 'streak', 'bestStreak',
      'aboutMe', 'pronouns', 'bio', 'location', 'website', 'bluesky', 'xcom', 'reddit', 'timezone', 'followersCount', 'followingCount',
      'approveFollowers', 'whoCanMessage', 'readReceipts', 'typingIndicator', 'notificationPrefs',
    ])
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();
}

/** Where the account signed in from, oldest first. */
export function knownSignInsOf(db: Db, uid: string) {
  return db.selectFrom('authKnownSignIns').select(['browser', 'address', 'createdAt']).where('userId', '=', uid).orderBy('createdAt').orderBy('id').execute();
}

/** Of these fingerprints, the writer's earlier imports, with the story each became. */
export function importFingerprintRows(db: Db, uid: string, fingerprints: readonly string[]) {
  return db.selectFrom('importFingerprints').select(['fingerprint', 'storyId']).where('uid', '=', uid).where('fingerprint', 'in', [...fingerprints]).execute();
}

export async function insertStories(trx: Db, rows: Array<Insertable<StoriesTable>>): Promise<void> {
  await trx.insertInto('stories').values(rows).execute();
}

export async function insertImportFingerprints(trx: Db, rows: Array<Insertable<ImportFingerprintsTable>>): Promise<void> {
  await trx.insertInto('importFingerprints').values(rows).execute();
}
