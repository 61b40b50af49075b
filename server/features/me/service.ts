import type { PreferencesUpdate, UserRecord } from '@common/user';
import type { ServerContext } from '../../context';
import { userTopic } from '../../events/bus';
import { notFound } from '../../http/errors';
import { findUser, updatePreferences } from './queries';

/** Sends the user's current record to every open tab and device of theirs. */
export async function publishUserChanged(ctx: ServerContext, uid: string): Promise<UserRecord> {
  const user = await findUser(ctx.db, uid);
  if (!user) throw notFound('User not found');
  await ctx.bus.publish(userTopic(uid), 'user.updated', { user });
  return user;
}

export async function changePreferences(ctx: ServerContext, uid: string, update: PreferencesUpdate): Promise<UserRecord> {
  await updatePreferences(ctx.db, uid, update);
  return publishUserChanged(ctx, uid);
}
