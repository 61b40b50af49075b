import type { Transaction } from 'kysely';
import type { Database } from '../db/types';
import type { Dialect } from '../db/database';
import { toDbBool } from '../db/bool';
import { forUpdate } from '../db/locks';

/*
 * Who runs the install. `users.admin` is the only source of admin status; it is set for the
 * ADMIN_EMAIL owner once their address is verified (auth/owner.ts, shared/users.ts), by
 * `npx drabble create-admin`, and lost with an unverified address. An admin who is suspended,
 * deleted or on their way out (deletion asked for) keeps the flag but runs nothing: the rules
 * below count only the admins who stay.
 */

/**
 * Whether an admin other than `uid` remains (not deleted, not suspended, not on their way
 * out). Every admin row is locked on PostgreSQL, in uid order, so two admins leaving at once
 * (a deletion, `remove-admin`) cannot both count on the other; SQLite transactions here begin
 * IMMEDIATE, which already runs them one after the other.
 */
export async function anotherAdminStays(trx: Transaction<Database>, dialect: Dialect, uid: string): Promise<boolean> {
  const admins = await trx
    .selectFrom('users')
    .select(['uid', 'deactivatedAt', 'suspendedAt'])
    .where('admin', '=', toDbBool(true))
    .where('deletedAt', 'is', null)
    .orderBy('uid')
    .$call(forUpdate(dialect))
    .execute();
  return admins.some((a) => a.uid !== uid && a.deactivatedAt === null && a.suspendedAt === null);
}
