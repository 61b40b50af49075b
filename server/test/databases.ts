import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { migrateToLatest, openPostgres, openSqlite, type DatabaseHandle, type Dialect } from '../db/database';
import { migrationProvider } from '../db/migrations';
import { migrateAuthTablesWithout } from '../auth/auth';
import { loadConfig } from '../config';
import { emptyForReuse, readPristine, takeAway, type Pristine } from './recycled-databases';

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
  /** For a second server instance on the same data; `options` as openSqlite/openPostgres take them. */
  reopen(options?: Parameters<typeof openSqlite>[1]): DatabaseHandle;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Another PostgreSQL server than TEST_DATABASE_URL's (a test's own cluster). */
  postgresUrl?: string;
  /**
   * Already at the newest migration, with better-auth's tables, copied from a template made once
   * per set of migrations, instead of migrated again by every test file's server (on PostgreSQL,
   * a database an earlier test file of the worker used, emptied back to the template's state:
   * recycled-databases.ts). Off by default: the migration, backup and restore tests start from an
   * empty database.
   */
  migrated?: boolean;
  /**
   * PostgreSQL: a schema of its own inside TEST_DATABASE_URL's database instead of a database
   * of its own: for the tests of installs that share one database, each in a schema.
   */
  inSchema?: boolean;
  /** PostgreSQL, with `migrated`: a new copy of the template, never an emptied one (for the test of the reuse). */
  fresh?: boolean;
}

/**
 * A fresh database of its own for one test file: a temp SQLite file, or a PostgreSQL database
 * (a schema with `inSchema`) on TEST_DATABASE_URL unless `postgresUrl` names another server.
 *
 * PostgreSQL databases are opened through TEST_PGBOUNCER_URL when it is set (CI runs the suite
 * through PgBouncer in transaction pooling mode, so anything relying on session state fails
 * there), with the event bus's LISTEN on a direct connection as DATABASE_LISTEN_URL has it.
 */
export async function createTestDatabase(dialect: Dialect, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-test-'));
  if (dialect === 'sqlite') return createSqliteDatabase(dataDir, options);
  const url = options.postgresUrl ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return options.inSchema ? createPostgresSchema(dataDir, url) : createPostgresDatabase(dataDir, url, options);
}

async function createSqliteDatabase(dataDir: string, options: TestDatabaseOptions): Promise<TestDatabase> {
  const file = path.join(dataDir, 'drabble.sqlite');
  if (options.migrated) fs.copyFileSync(await sqliteTemplate(), file);
  return {
    handle: openSqlite(file),
    dataDir,
    env: { DATA_DIR: dataDir },
    reopen: (openOptions) => openSqlite(file, openOptions),
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function createPostgresDatabase(dataDir: string, serverUrl: string, options: TestDatabaseOptions): Promise<TestDatabase> {
  // Only TEST_DATABASE_URL's server sits behind the suite's PgBouncer; a test's own cluster does not.
  const pooler = options.postgresUrl ? undefined : process.env.TEST_PGBOUNCER_URL;
  // Migrated databases on TEST_DATABASE_URL's server are emptied and used again (recycled-databases.ts).
  const recycling = options.migrated && !options.postgresUrl ? await recyclingOn(serverUrl) : null;
  const name = (options.fresh ? undefined : recycling?.spare.pop()) ?? (await createDatabase(serverUrl, options, recycling));
  const direct = databaseUrl(serverUrl, name);
  const app = pooler ? databaseUrl(pooler, name) : direct;
  const opened: DatabaseHandle[] = [];
  const open = (openOptions?: Parameters<typeof openPostgres>[2]) => {
    const handle = openPostgres(app, undefined, { ...openOptions, listenUrl: direct });
    opened.push(handle);
    return handle;
  };
  return {
    handle: open(),
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: app, ...(pooler ? { DATABASE_LISTEN_URL: direct } : {}) },
    reopen: open,
    drop: async () => {
      // Nothing of this file's may reach the database once the next file has it: its pools take no
      // more queries (not awaited: a client a failed test left checked out would hold it).
      for (const handle of opened) void handle.close().catch(() => {});
      fs.rmSync(dataDir, { recursive: true, force: true });
      const emptiedAs = recycling ? await emptied(serverUrl, name, recycling.pristine) : null;
      if (emptiedAs) {
        recycling!.spare.push(emptiedAs);
        return;
      }
      // FORCE: a handle a failed test left open must not keep its database around.
      await withClient(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A new database: a copy of the migrated template, or an empty one (template0). */
async function createDatabase(serverUrl: string, options: TestDatabaseOptions, recycling: Recycling | null): Promise<string> {
  const name = newDatabaseName();
  const template = options.migrated ? await postgresTemplate(serverUrl) : 'template0';
  await withClient(serverUrl, async (admin) => admin.query(`create database ${name} template ${template}${await copyStrategy(admin)}`));
  // The first fresh copy tells what a used one is emptied back to: read before anything writes to it.
  if (recycling && !recycling.pristine) {
    recycling.pristine = withClient(databaseUrl(serverUrl, name), readPristine);
    // If it failed, databases are dropped as before.
    await recycling.pristine.catch(() => {});
  }
  return name;
}

interface Recycling {
  /** Read from the worker's first fresh copy of the template. */
  pristine: Promise<Pristine> | null;
  /** Emptied databases, ready for the next test file of this worker. */
  spare: string[];
}

/**
 * Names every database of this run (TEST_RUN_ID, set by the global set-up), so that its
 * tear-down drops the ones the workers kept for reuse.
 */
const TEST_RUN_ID = process.env.TEST_RUN_ID ?? 'local';
export const testDatabasePattern = (runId: string) => `test\\_${runId}\\_%`;

const recyclings = new Map<string, Promise<Recycling | null>>();

/** Reuse needs the superuser (triggers and foreign keys are off while a database is emptied). */
function recyclingOn(serverUrl: string): Promise<Recycling | null> {
  let recycling = recyclings.get(serverUrl);
  if (!recycling) {
    recycling = withClient(serverUrl, async (admin) => {
      const { rows } = await admin.query<{ super: boolean }>('select rolsuper as super from pg_roles where rolname = current_user');
      return rows[0]?.super ? { pristine: null, spare: [] } : null;
    });
    recyclings.set(serverUrl, recycling);
  }
  return recycling;
}

const newDatabaseName = () => `test_${TEST_RUN_ID}_${crypto.randomBytes(6).toString('hex')}`;

/**
 * Takes the used database `name` away under a new name and empties it back to the template's
 * state: its new name, or null when it is not to be used again (then it is dropped, whatever its name).
 */
async function emptied(serverUrl: string, name: string, pristine: Promise<Pristine> | null): Promise<string | null> {
  if (!pristine) return null;
  let current = name;
  try {
    const state = await pristine;
    current = await withClient(serverUrl, (admin) => takeAway(admin, name, newDatabaseName()));
    if (await withClient(databaseUrl(serverUrl, current), (client) => emptyForReuse(client, state))) return current;
  } catch {
    // Dropped below, as any database that is not used again.
  }
  if (current !== name) await withClient(serverUrl, (admin) => admin.query(`drop database if exists ${current} with (force)`));
  return null;
}

async function createPostgresSchema(dataDir: string, url: string): Promise<TestDatabase> {
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  await withClient(url, (admin) => admin.query(`create schema ${schema}`));
  const inSchema = new URL(url);
  inSchema.searchParams.set('options', `-c search_path=${schema}`);
  return {
    handle: openPostgres(url, schema),
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: inSchema.toString() },
    reopen: (openOptions) => openPostgres(url, schema, openOptions),
    drop: async () => {
      await withClient(url, (admin) => admin.query(`drop schema if exists ${schema} cascade`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * PostgreSQL 15 and later copy a template block by block through the WAL unless told to copy its
 * files: for these small databases the file copy took half the time (10 creations of the
 * migrated template: 1.0 s against 2.0 s, and 0.7 s against 1.2 s to drop them).
 */
async function copyStrategy(admin: pg.Client): Promise<string> {
  const { rows } = await admin.query<{ server_version_num: string }>('show server_version_num');
  return Number(rows[0]?.server_version_num) >= 150_000 ? ' strategy file_copy' : '';
}

/** `url` naming database `name` instead of its own. */
function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * A short hash of every migration's source: a template is reused only by code with the same
 * migrations (helpers' worktrees and branches share this machine's PostgreSQL and temp dir).
 * The data-layer modules migrations build their SQL from (the search document, the tag count
 * triggers), and what decides better-auth's tables (its configuration, its version).
 */
const MIGRATION_SOURCES = ['db/search-document.ts', 'db/story-tags.ts', 'auth/auth.ts'];
const migrationsHash = (() => {
  let hash: string | null = null;
  return () => {
    if (hash) return hash;
    const dir = fileURLToPath(new URL('../db/migrations/', import.meta.url));
    const digest = crypto.createHash('sha256');
    for (const file of fs.readdirSync(dir).sort()) digest.update(file).update(fs.readFileSync(path.join(dir, file)));
    for (const file of MIGRATION_SOURCES) digest.update(file).update(fs.readFileSync(fileURLToPath(new URL(`../${file}`, import.meta.url))));
    digest.update(fs.readFileSync(fileURLToPath(new URL('../../node_modules/better-auth/package.json', import.meta.url))));
    hash = digest.digest('hex').slice(0, 12);
    return hash;
  };
})();

/**
 * What a template holds: every migration, and the tables better-auth makes at a server's first
 * start (migrateAuthTables), so that no test file's server makes them again. No rows beyond the
 * migrations' own: a template outlives the day it was made.
 */
async function migrateForTemplate(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle.db);
  await migrateAuthTablesWithout({
    config: loadConfig({}),
    db: handle.db,
    dialect: handle.dialect,
    secret: 'a-template-has-no-sessions-to-sign-0000',
    logger: pino({ level: 'silent' }),
  });
}

let sqliteTemplateFile: Promise<string> | null = null;

/** An SQLite file at the newest migration, made once per set of migrations and copied per test. */
function sqliteTemplate(): Promise<string> {
  sqliteTemplateFile ??= (async () => {
    const file = path.join(os.tmpdir(), `drabble-template-${migrationsHash()}.sqlite`);
    if (fs.existsSync(file)) return file;
    // Built aside and renamed into place: a parallel worker never copies a half-migrated file.
    const building = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    const handle = openSqlite(building);
    try {
      await migrateForTemplate(handle);
    } finally {
      // Closing the last connection checkpoints the WAL into the file and removes it.
      await handle.close();
    }
    fs.renameSync(building, file);
    return file;
  })();
  return sqliteTemplateFile;
}

const postgresTemplates = new Map<string, Promise<string>>();

/**
 * A PostgreSQL database at the newest migration on `serverUrl`'s server, made once per set
 * of migrations (under an advisory lock, as parallel workers ask at once) and never connected
 * to afterwards, so CREATE DATABASE … TEMPLATE can copy it.
 */
function postgresTemplate(serverUrl: string): Promise<string> {
  const server = new URL(serverUrl);
  const key = `${server.host}`;
  let made = postgresTemplates.get(key);
  if (!made) {
    made = withClient(serverUrl, async (admin) => {
      const name = `drabble_template_${migrationsHash()}`;
      // A session lock on a direct connection of the harness's own (never through PgBouncer).
      await admin.query('select pg_advisory_lock(hashtextextended($1, 0))', [name]);
      try {
        const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (exists.rowCount) return name;
        // Built under another name and renamed once migrated: a crash mid-way leaves no template that looks ready.
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building} template template0`);
        const handle = openPostgres(databaseUrl(serverUrl, building));
        try {
          await migrateForTemplate(handle);
        } finally {
          await handle.close();
        }
        await admin.query(`alter database ${building} rename to ${name}`);
        return name;
      } finally {
        await admin.query('select pg_advisory_unlock(hashtextextended($1, 0))', [name]);
      }
    });
    postgresTemplates.set(key, made);
  }
  return made;
}

/**
 * For a migration's own test: registers the set-up of a fresh database of the dialect whose
 * schema stops at `upTo` (the last migration applied, the one before the migration under test)
 * and its tear-down. `holder.database` is there before the first test runs.
 */
export function useDatabaseMigratedTo(dialect: Dialect, upTo: string): { database: TestDatabase } {
  const holder = {} as { database: TestDatabase };
  beforeAll(async () => {
    holder.database = await createTestDatabase(dialect);
    const db = holder.database.handle.db;
    const migrationTableSchema = dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
    const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true, migrationTableSchema });
    const { error } = await migrator.migrateTo(upTo);
    if (error) throw error;
  });
  afterAll(async () => {
    await holder.database?.handle.close();
    await holder.database?.drop();
  });
  return holder;
}
