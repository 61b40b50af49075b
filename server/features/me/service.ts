import type { PreferencesUpdate, UserRecord } from '@common/user';
import type { ServerContext } from '../../context';
import { changeUser } from '../../shared/users';
import { updatePreferences } from './queries';

export function changePreferences(ctx: ServerContext, uid: string, update: PreferencesUpdate): Promise<UserRecord> {
  return changeUser(ctx, uid, (trx) => updatePreferences(trx, uid, update));
}
