import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrationState, openPostgres } from './database';
import { testDialects } from '../test/databases';
import { startPgBouncer, type RunningPgBouncer } from '../test/pgbouncer';

/*
 * Instances behind a load balancer start together, and each migrates at start-up. Through
 * PgBouncer in transaction mode Kysely's session-level migration lock was taken on one server
 * connection and released on another, so it stayed held and the other instances' starts were
 * cancelled by the statement timeout (bench/cluster.ts in CI: "Migration failed: canceling
 * statement due to statement timeout").
 */
describe.skipIf(!testDialects().includes('postgres'))('instances migrating one fresh database at once', () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  let bouncer: RunningPgBouncer;
  const databases: string[] = [];

  async function freshDatabase(): Promise<string> {
    const name = `migrate_together_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    databases.push(name);
    return name;
  }

  function at(base: string, database: string): string {
    const url = new URL(base);
    url.pathname = `/${database}`;
    return url.toString();
  }

  async function migrateTogether(url: string, instances: number): Promise<void> {
    const handles = Array.from({ length: instances }, () => openPostgres(url, undefined, { poolSize: 2 }));
    try {
      await Promise.all(handles.map((h) => migrateToLatest(h.db)));
      for (const h of handles) expect((await migrationState(h.db)).pending).toEqual([]);
      // Nothing is left locked: one more start migrates (finds nothing to do) at once.
      await migrateToLatest(handles[0]!.db);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  }

  beforeAll(async () => {
    bouncer = await startPgBouncer({ targetUrl: serverUrl, poolSize: 8 });
  }, 120_000);

  afterAll(async () => {
    await bouncer?.stop();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('through PgBouncer: every one finishes, one after another, and leaves no lock held', async () => {
    const name = await freshDatabase();
    await migrateTogether(at(bouncer.url, name), 6);
    const direct = new pg.Client({ connectionString: at(serverUrl, name) });
    await direct.connect();
    try {
      const held = await direct.query(`select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = $1)`, [name]);
      expect(held.rows[0].n).toBe(0);
    } finally {
      await direct.end();
    }
  });

  it('straight to PostgreSQL, likewise', async () => {
    await migrateTogether(at(serverUrl, await freshDatabase()), 3);
  });
});
