import type { Transaction } from 'kysely';
import type { PreferencesUpdate, UserRecord } from '@common/user';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { userTopic } from '../../events/bus';
import { notFound } from '../../http/errors';
import { findUser, updatePreferences } from './queries';

/**
 * Records the user's record as it stands in `trx` for every open tab and device of theirs:
 * sent once `trx` commits, never if it rolls back. Call it last in the transaction.
 */
export async function publishUserChanged(ctx: ServerContext, trx: Transaction<Database>, uid: string): Promise<UserRecord> {
  const user = await findUser(trx, uid);
  if (!user) throw notFound('User not found');
  await ctx.bus.record(trx, userTopic(uid), 'user.updated', { user });
  return user;
}

/** Runs `write` and records the user's new record in one transaction; returns that record. */
export function changeUser(ctx: ServerContext, uid: string, write: (trx: Transaction<Database>) => Promise<unknown>): Promise<UserRecord> {
  return ctx.db.transaction().execute(async (trx) => {
    await write(trx);
    return publishUserChanged(ctx, trx, uid);
  });
}

export function changePreferences(ctx: ServerContext, uid: string, update: PreferencesUpdate): Promise<UserRecord> {
  return changeUser(ctx, uid, (trx) => updatePreferences(trx, uid, update));
}
