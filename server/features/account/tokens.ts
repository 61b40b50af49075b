import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountTokenPurpose, Database } from '../../db/types';
import { deleteExpiredTokens, deleteTokensFor, insertToken, takeToken, tokenByHash } from './queries';

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface IssuedToken {
  uid: string;
  purpose: AccountTokenPurpose;
  email: string;
}

/**
 * A new link for this purpose; the user's earlier links for it stop working, so only the
 * newest email counts. The token itself is only ever in the email.
 */
export async function issueToken(db: Kysely<Database>, issued: IssuedToken, ttlMs: number, now = Date.now()): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await deleteTokensFor(trx, issued.uid, issued.purpose);
    await insertToken(trx, { ...issued, tokenHash: hashOf(token), expiresAt: now + ttlMs });
  });
  return token;
}

/** Uses a link up: one statement deletes and returns it, so two clicks cannot both succeed. */
export async function consumeToken(db: Kysely<Database>, token: string, purpose: AccountTokenPurpose, now = Date.now()): Promise<IssuedToken | null> {
  const row = await takeToken(db, hashOf(token), purpose);
  if (!row || Number(row.expiresAt) <= now) return null;
  return { uid: row.uid, purpose: row.purpose, email: row.email };
}

/** Whose a link is, without using it up: null when it is unknown or expired. */
export async function peekToken(db: Kysely<Database>, token: string, purpose: AccountTokenPurpose, now = Date.now()): Promise<IssuedToken | null> {
  const row = await tokenByHash(db, hashOf(token), purpose);
  if (!row || Number(row.expiresAt) <= now) return null;
  return { uid: row.uid, purpose: row.purpose, email: row.email };
}

export async function pruneTokens(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await deleteExpiredTokens(db, now);
}
