import type { Dialect } from './database';

/** A query that can take row locks: Kysely's select builder. */
interface Lockable<Q> {
  forUpdate(): Q;
  forNoKeyUpdate(): Q;
}

/**
 * Row locks where there are any. On PostgreSQL `FOR UPDATE` holds the selected rows until
 * commit, so two transactions that read a row and then write it queue one behind the other.
 * SQLite has no row locks and needs none: every write transaction starts BEGIN IMMEDIATE
 * (sqlite-dialect.ts), so writers already run one at a time. Anything but 'postgres' (SQLite,
 * or null/false where the caller reads without a lock) leaves the query as it is.
 *
 *   trx.selectFrom('users').select('uid').where('uid', '=', uid).$call(forUpdate(dialect))
 */
export function forUpdate(dialect: Dialect | null | undefined | false) {
  return <Q extends Lockable<Q>>(query: Q): Q => (dialect === 'postgres' ? query.forUpdate() : query);
}

/** As forUpdate, with PostgreSQL's weaker `FOR NO KEY UPDATE` (it lets rows that reference these be inserted meanwhile). */
export function forNoKeyUpdate(dialect: Dialect | null | undefined | false) {
  return <Q extends Lockable<Q>>(query: Q): Q => (dialect === 'postgres' ? query.forNoKeyUpdate() : query);
}
