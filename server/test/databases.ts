import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres, openSqlite, type DatabaseHandle, type Dialect } from '../db/database';

/**
 * The databases the API suite runs on: SQLite always; PostgreSQL when TEST_DATABASE_URL
 * is set. Under CI a missing PostgreSQL is a failure, never a silent skip.
 */
export function testDialects(): Dialect[] {
  const url = process.env.TEST_DATABASE_URL;
  if (!url && process.env.CI === 'true') {
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the API suite must also run on PostgreSQL.');
  }
  return url ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  /** What another process (the command line) sets to open this same database: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  /** For a second server instance on the same data. */
  reopen(): DatabaseHandle;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database of its own for one test file: a temp SQLite file or a Postgres
 * schema, on TEST_DATABASE_URL unless `postgresUrl` names another server (a test's own cluster).
 */
export async function createTestDatabase(dialect: Dialect, postgresUrl = process.env.TEST_DATABASE_URL): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-test-'));
  if (dialect === 'sqlite') {
    const file = path.join(dataDir, 'drabble.sqlite');
    return {
      handle: openSqlite(file),
      dataDir,
      env: { DATA_DIR: dataDir },
      reopen: () => openSqlite(file),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = postgresUrl;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const inSchema = new URL(url);
  inSchema.searchParams.set('options', `-c search_path=${schema}`);
  return {
    handle: openPostgres(url, schema),
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: inSchema.toString() },
    reopen: () => openPostgres(url, schema),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
