import type { Transaction } from 'kysely';
import type { Database } from '../../db/types';
import type { Dialect } from '../../db/database';
import { forUpdate } from '../../db/locks';

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

/** The writer's handle now, their row locked for the rest of the transaction (two tabs changing it queue). */
export function lockedHandleOf(trx: Trx, dialect: Dialect, uid: string) {
  return trx.selectFrom('users').select('handle').where('uid', '=', uid).$call(forUpdate(dialect)).executeTakeFirst();
}
