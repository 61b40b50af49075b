import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types';
import type { Dialect } from '../db/database';
import { fromDbBool } from '../db/bool';
import { forUpdate } from '../db/locks';

/** An account as the admin commands judge it, whatever its standing (a suspended account is found too). */
export interface CommandAccount {
  uid: string;
  email: string;
  displayName: string | null;
  name: string;
  admin: boolean;
  emailVerified: boolean;
  suspended: boolean;
  /** Deletion asked for: hidden, and deleted after the grace period unless cancelled. */
  deactivated: boolean;
}

/**
 * The account with this address, in any case; null when none has it. A deleted account's
 * tombstone no longer has the address (its owner may sign up again), so it is never found.
 * `lock` (in a write transaction) holds the row until commit on PostgreSQL, so a change of
 * standing committing meanwhile is seen; SQLite transactions here begin IMMEDIATE already.
 */
export async function findAccount(
  db: Kysely<Database> | Transaction<Database>,
  email: string,
  lock?: Dialect,
): Promise<CommandAccount | null> {
  const row = await db
    .selectFrom('users')
    .select(['uid', 'email', 'displayName', 'name', 'admin', 'emailVerified', 'suspendedAt', 'deactivatedAt'])
    .where((eb) => eb(eb.fn('lower', [eb.ref('email')]), '=', email.trim().toLowerCase()))
    .where('deletedAt', 'is', null)
    .$call(forUpdate(lock))
    .executeTakeFirst();
  if (!row) return null;
  return {
    uid: row.uid,
    email: row.email,
    displayName: row.displayName,
    name: row.name,
    admin: fromDbBool(row.admin),
    emailVerified: fromDbBool(row.emailVerified),
    suspended: row.suspendedAt !== null,
    deactivated: row.deactivatedAt !== null,
  };
}

