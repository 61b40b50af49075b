import type { Transaction } from 'kysely';
import type { Database } from '../../db/types';

type Trx = Transaction<Database>;

/**
 * The writer's handle becomes `to`; `from` leads to them from now on. `to` may be an old
 * handle of theirs: it is theirs again, so it stops being one that redirects.
 */
export async function moveHandle(trx: Trx, uid: string, from: string, to: string, now: string): Promise<void> {
  await trx.deleteFrom('handleRedirects').where('oldHandle', '=', to).where('userId', '=', uid).execute();
  await trx.insertInto('handleRedirects').values({ oldHandle: from, userId: uid, createdAt: now }).execute();
  await trx.updateTable('users').set({ handle: to }).where('uid', '=', uid).execute();
}
