import { sql, type Kysely } from 'kysely';
import type { Dialect } from './database';
import type { Database } from './types';

/*
 * Planner statistics. Several queries (story search above all) are only fast when the
 * planner knows how the tables look: SQLite has none until ANALYZE runs once, and keeps
 * them stale afterwards; PostgreSQL's autovacuum analyzes a table only after a tenth of it
 * changed, which a growing table reaches ever more slowly.
 */

/** PostgreSQL: re-analyze stories once this share of its rows changed (autovacuum waits for 10 %). */
const STALE_SHARE = 0.02;

/**
 * Refreshes planner statistics where they are missing or stale, and does next to nothing
 * otherwise, so it can run at start-up and on the maintenance timer.
 *
 * SQLite: a database never analyzed gets a full ANALYZE (`optimize` would skip it); after
 * that `PRAGMA optimize` re-analyzes only the tables whose row counts moved a lot, reading at
 * most `analysis_limit` rows of each index, so a large table costs milliseconds.
 *
 * PostgreSQL: ANALYZE of `stories` when it was never analyzed or 2 % of it changed since.
 * Its search vectors make it the one table whose statistics are dear to gather (about a
 * second at 100,000 stories), hence the check first; autovacuum keeps the other tables.
 */
/** Whether PostgreSQL's statistics of a table are missing or stale, from its pg_stat_user_tables row. */
export function statisticsStale(table: { changed: number; live: number; analyzed: boolean } | undefined): boolean {
  return !table || !table.analyzed || Number(table.changed) > Number(table.live) * STALE_SHARE;
}

export async function optimizeDatabase(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ changed: number; live: number; analyzed: boolean }>`
      select n_mod_since_analyze as changed, n_live_tup as live, coalesce(last_analyze, last_autoanalyze) is not null as analyzed
      from pg_stat_user_tables where relid = 'stories'::regclass`.execute(db);
    if (statisticsStale(rows[0])) await sql`analyze stories`.execute(db);
    return;
  }
  const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (Number(rows[0]?.n ?? 0) === 0) await sql`analyze`.execute(db);
  await sql`pragma analysis_limit = 1000`.execute(db);
  // 0x10002: analyze what needs it, among all tables, not only those this connection has queried.
  await sql`pragma optimize = 0x10002`.execute(db);
}
