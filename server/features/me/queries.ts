import type { Kysely } from 'kysely';
import type { PreferencesUpdate } from '@common/me/user';
import type { Database } from '../../db/types';
import { warningMask, type ReadingPreferences } from '@common/stories/content-warnings';
import { toDbBool } from '../../db/bool';

export async function updatePreferences(db: Kysely<Database>, uid: string, update: PreferencesUpdate): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(update.themeMode ? { themeMode: update.themeMode, darkMode: null } : {}),
      ...(update.colorTheme ? { colorTheme: update.colorTheme } : {}),
    })
    .where('uid', '=', uid)
    .execute();
}

/** The first time is kept: a second browser opening the tutorial at the same moment changes nothing. */
export async function recordTutorialSeen(db: Kysely<Database>, uid: string, at: string): Promise<void> {
  await db.updateTable('users').set({ tutorialSeenAt: at }).where('uid', '=', uid).where('tutorialSeenAt', 'is', null).execute();
}

export async function updateReadingPreferences(db: Kysely<Database>, uid: string, prefs: ReadingPreferences): Promise<void> {
  await db
    .updateTable('users')
    .set({ hiddenWarnings: warningMask(prefs.hiddenWarnings), alwaysShowText: toDbBool(prefs.alwaysShowText) })
    .where('uid', '=', uid)
    .execute();
}
