import type { PreferencesUpdate, UserRecord } from '@common/me/user';
import type { ServerContext } from '../../context';
import { changeUser } from '../../shared/users';
import { recordTutorialSeen, updatePreferences, updateReadingPreferences } from './queries';
import type { readingPreferencesUpdateSchema } from '@common/stories/content-warnings';
import type { z } from 'zod';

export function changePreferences(ctx: ServerContext, uid: string, update: PreferencesUpdate): Promise<UserRecord> {
  return changeUser(ctx, uid, (trx) => updatePreferences(trx, uid, update));
}

/** The tutorial opened by itself in one of the person's browsers: none of the others opens it again. */
export function markTutorialSeen(ctx: ServerContext, uid: string): Promise<UserRecord> {
  return changeUser(ctx, uid, (trx) => recordTutorialSeen(trx, uid, new Date().toISOString()));
}

/** The reader's content-warning choices, whole; their open tabs hear `user.updated`. */
export function changeReadingPreferences(ctx: ServerContext, uid: string, update: z.output<typeof readingPreferencesUpdateSchema>): Promise<UserRecord> {
  return changeUser(ctx, uid, (trx) => updateReadingPreferences(trx, uid, update));
}
