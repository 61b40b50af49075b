import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { handleWithSuffix } from '@common/handles/handle';
import type { Database } from '../db/types';
import { isPostgres } from '../db/migrations/helpers';
import { databaseRefusal } from '../http/errors';
import { accountHidden, HIDING_COLUMNS } from '../policy/profiles';

/*
 * Who holds which handle (common/handles/handle.ts, docs/decisions/0064-handles.md). A handle is held
 * by the account whose `users.handle` it is, or by the account an old handle of theirs leads to
 * (`handleRedirects`); nobody else may take it. Once held, a handle stays with the same person
 * for good (changing away leaves a redirect in the same transaction; taking an old one back
 * removes it in the same transaction), so a check that reads both tables in one statement
 * always sees it held. The one race is two claims of a free handle, and the unique index on
 * users.handle settles it: the loser's transaction fails (409 for a change, another try for a
 * new account).
 *
 * So that claims of one handle do not collide at all, a claim first takes the handle's lock
 * (PostgreSQL: a transaction-level advisory lock; SQLite's write transactions already run one
 * at a time). A change of handle waits for it; a new account's handle is taken with a try-lock,
 * and a handle another transaction is claiming is skipped: a burst of sign-ups with one name
 * finds distinct handles in one pass, never waits, and never deadlocks.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

const lockKey = (handle: string) => `handle:${handle}`;

/** Waits until this transaction holds the handle's lock (PostgreSQL). One per transaction, after the writer's own row: nothing waits in a circle. */
export async function lockHandle(trx: Trx, handle: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtextextended(${lockKey(handle)}, 0))`.execute(trx);
}

/** Takes the handle's lock if nobody holds it; never waits (PostgreSQL; always true on SQLite). */
async function tryLockHandle(trx: Trx, handle: string): Promise<boolean> {
  if (!isPostgres(trx)) return true;
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtextextended(${lockKey(handle)}, 0)) as locked`.execute(trx);
  return rows[0]?.locked === true;
}

export interface HandleHolder {
  uid: string;
  /** Their handle now; false: an old handle of theirs that leads to them. */
  current: boolean;
}

/** Who holds each of these handles (those nobody holds are not in the map). */
export async function handleHolders(db: Db, handles: readonly string[]): Promise<Map<string, HandleHolder>> {
  if (handles.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['handle', 'uid', sql<number>`1`.as('current')])
    .where('handle', 'in', handles)
    .unionAll(db.selectFrom('handleRedirects').select(['oldHandle as handle', 'userId as uid', sql<number>`0`.as('current')]).where('oldHandle', 'in', handles))
    .execute();
  return new Map(rows.map((row) => [row.handle, { uid: row.uid, current: Number(row.current) === 1 }]));
}

export interface FoundHandle {
  uid: string;
  /** Their handle now: the one asked for, or the one they changed it to. */
  handle: string;
  /** Asked for by an old handle of theirs. */
  redirected: boolean;
  /** Suspended, deactivated or deleted: missing to everyone (policy/profiles.ts), handle or not. */
  hidden: boolean;
}

/**
 * The account a (normalised) handle leads to, through an old handle if need be, in one
 * statement. Whether the asker may see it is the caller's to decide (`hidden`, blocks).
 */
export async function findByHandle(db: Db, handle: string): Promise<FoundHandle | null> {
  const columns = ['u.uid', 'u.handle', ...HIDING_COLUMNS.map((c) => `u.${c}` as const)] as const;
  const row = await db
    .selectFrom('users as u')
    .select([...columns, sql<number>`0`.as('redirected')])
    .where('u.handle', '=', handle)
    .unionAll(
      db
        .selectFrom('handleRedirects as r')
        .innerJoin('users as u', 'u.uid', 'r.userId')
        .select([...columns, sql<number>`1`.as('redirected')])
        .where('r.oldHandle', '=', handle),
    )
    .executeTakeFirst();
  return row ? { uid: row.uid, handle: row.handle, redirected: Number(row.redirected) === 1, hidden: accountHidden(row) } : null;
}

/** The old handles that lead to this person, oldest change first. */
export async function oldHandlesOf(db: Db, uid: string): Promise<string[]> {
  const rows = await db.selectFrom('handleRedirects').select('oldHandle').where('userId', '=', uid).orderBy('createdAt').orderBy('oldHandle').execute();
  return rows.map((row) => row.oldHandle);
}

/** Numbered handles tried in order (base, base2 … base100), twenty at a time, before random numbers. */
const ORDERED_ROUNDS = 5;
const PER_ROUND = 20;

function candidates(base: string, round: number): string[] {
  if (round < ORDERED_ROUNDS) return Array.from({ length: PER_ROUND }, (_, i) => handleWithSuffix(base, round * PER_ROUND + i + 1));
  // A hundred of one name already: a number nobody is likely to have, rather than counting on.
  return Array.from({ length: PER_ROUND }, () => handleWithSuffix(base, crypto.randomInt(101, 10_000_000)));
}

/** A handle from `base` that nobody holds, locked by this transaction until it commits. */
async function takeFreeHandle(trx: Trx, base: string): Promise<string> {
  for (let round = 0; ; round++) {
    const tried = candidates(base, round);
    const held = await handleHolders(trx, tried);
    for (const handle of tried) {
      if (held.has(handle) || !(await tryLockHandle(trx, handle))) continue;
      // Under the lock: whoever took it since the look above has committed, and shows now.
      if (!isPostgres(trx) || !(await handleHolders(trx, [handle])).has(handle)) return handle;
    }
  }
}

const ATTEMPTS = 5;

/**
 * Writes a new account's users row (`insert`, given the handle) with a free handle made from
 * `base`: `base` itself, else the first free of base2, base3…. Never fails for want of a
 * handle: a collision the locks did not prevent is tried again. Does nothing when the row
 * already exists (another request for the same new account got there first).
 */
export async function insertWithFreeHandle(db: Db, uid: string, base: string, insert: (trx: Trx, handle: string) => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction().execute(async (trx) => {
        const exists = await trx.selectFrom('users').select('uid').where('uid', '=', uid).executeTakeFirst();
        if (!exists) await insert(trx, await takeFreeHandle(trx, base));
      });
      return;
    } catch (err) {
      if (attempt >= ATTEMPTS || databaseRefusal(err)?.status !== 409) throw err;
    }
  }
}
