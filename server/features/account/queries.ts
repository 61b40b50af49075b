import type { Insertable, Kysely } from 'kysely';
import type { AccountTokenPurpose, AccountTokensTable, Database } from '../../db/types';
import type { Dialect } from '../../db/database';
import { forUpdate } from '../../db/locks';

type Db = Kysely<Database>;

/** Removes the user's links for this purpose. */
export async function deleteTokensFor(db: Db, uid: string, purpose: AccountTokenPurpose): Promise<void> {
  await db.deleteFrom('accountTokens').where('uid', '=', uid).where('purpose', '=', purpose).execute();
}

export async function insertToken(db: Db, row: Insertable<AccountTokensTable>): Promise<void> {
  await db.insertInto('accountTokens').values(row).execute();
}

/** Deletes the link and returns it, in one statement (undefined: no such link). */
export function takeToken(db: Db, tokenHash: string, purpose: AccountTokenPurpose) {
  return db
    .deleteFrom('accountTokens')
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .returning(['uid', 'purpose', 'email', 'expiresAt'])
    .executeTakeFirst();
}

/** The link, left in place (undefined: no such link). */
export function tokenByHash(db: Db, tokenHash: string, purpose: AccountTokenPurpose) {
  return db
    .selectFrom('accountTokens')
    .select(['uid', 'purpose', 'email', 'expiresAt'])
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** Removes the links expired at `now` (ms). */
export async function deleteExpiredTokens(db: Db, now: number): Promise<void> {
  await db.deleteFrom('accountTokens').where('expiresAt', '<=', now).execute();
}

/** Locks the person's users row for the rest of the transaction (PostgreSQL; SQLite transactions are serial). */
export async function lockUserRow(trx: Db, dialect: Dialect, uid: string): Promise<void> {
  await trx
    .selectFrom('users')
    .select('uid')
    .where('uid', '=', uid)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
}

/** The person's sign-in methods as better-auth stores them. */
export function signInAccountsOf(db: Db, uid: string) {
  return db.selectFrom('authAccounts').select(['id', 'providerId', 'password']).where('userId', '=', uid).execute();
}

export async function deleteSignInAccount(db: Db, id: string): Promise<void> {
  await db.deleteFrom('authAccounts').where('id', '=', id).execute();
}

/** The record's display name and the names derived from it. */
export async function setUserNames(db: Db, uid: string, names: { displayName: string; name: string; first: string; last: string }): Promise<void> {
  await db.updateTable('users').set(names).where('uid', '=', uid).execute();
}

/** The record's email address (better-auth's is changed through its own store). */
export async function setUserEmail(db: Db, uid: string, email: string): Promise<void> {
  await db.updateTable('users').set({ email }).where('uid', '=', uid).execute();
}

/** An account signing in with this address (`email` lower case), compared in lower case. */
export function authUserWithEmail(db: Db, email: string) {
  return db
    .selectFrom('authUsers')
    .select('id')
    .where((eb) => eb(eb.fn('lower', [eb.ref('email')]), '=', email))
    .executeTakeFirst();
}
