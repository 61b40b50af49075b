import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases';
import { migrateToLatest } from './database';
import { optimizeDatabase, statisticsStale } from './maintenance';

describe('statisticsStale', () => {
  it('asks for ANALYZE when statistics are missing or 2 % of the rows changed since', () => {
    expect(statisticsStale(undefined)).toBe(true);
    expect(statisticsStale({ changed: 0, live: 0, analyzed: false })).toBe(true);
    expect(statisticsStale({ changed: 0, live: 100_000, analyzed: true })).toBe(false);
    expect(statisticsStale({ changed: 2_000, live: 100_000, analyzed: true })).toBe(false);
    expect(statisticsStale({ changed: 2_001, live: 100_000, analyzed: true })).toBe(true);
  });
});

describe.each(testDialects())('optimizeDatabase on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.handle.close();
    await database?.drop();
  });

  it('gathers planner statistics where there were none, and runs again', async () => {
    database = await createTestDatabase(dialect);
    const { db } = database.handle;
    await migrateToLatest(db);
    await sql`insert into users (uid, handle, name, email, first, last, created_at, "lastActive", "profileIcon", "colorTheme", admin, "displayName")
      values ('u1', 'writer_a', 'A', 'a@example.com', 'A', 'A', '2026-01-01', '2026-01-01', 'cat', 'blue', 0, 'A'),
             ('u2', 'writer_b', 'B', 'b@example.com', 'B', 'B', '2026-01-01', '2026-01-01', 'cat', 'blue', 0, 'B')`.execute(db);

    if (dialect === 'sqlite') {
      const stats = async () =>
        (await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db)).rows[0]!.n > 0
          ? (await sql<{ tbl: string }>`select distinct tbl from sqlite_stat1`.execute(db)).rows.map((r) => r.tbl)
          : null;
      expect(await stats()).toBeNull();
      await optimizeDatabase(db, dialect);
      expect(await stats()).toContain('users');
    } else {
      const lastAnalyze = async () =>
        (await sql<{ at: Date | null }>`select last_analyze as at from pg_stat_user_tables where relname = 'stories' and schemaname = current_schema()`.execute(db)).rows[0]?.at ?? null;
      expect(await lastAnalyze()).toBeNull();
      await optimizeDatabase(db, dialect);
      // The statistics collector reports asynchronously; the analyze itself is already done.
      await expect.poll(lastAnalyze, { timeout: 5_000 }).not.toBeNull();
    }
    await expect(optimizeDatabase(db, dialect)).resolves.toBeUndefined();
  });
});
