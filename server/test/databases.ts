import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { migrateToLatest, openPostgres, openSqlite, type DatabaseHandle, type Dialect } from '../db/database';
import { migrationProvider } from '../db/migrations';

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
   * Already at the newest migration, copied from a template migrated once per set of
   * migrations, instead of migrated again by every test file's server. Off by default: the
   * migration, backup and restore tests start from an empty database.
   */
  migrated?: boolean;
  /**
   * PostgreSQL: a schema of its own inside TEST_DATABASE_URL's database instead of a database
   * of its own: for the tests of installs that share one database, each in a schema.
   */
  inSchema?: boolean;
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
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  // Only TEST_DATABASE_URL's server sits behind the suite's PgBouncer; a test's own cluster does not.
  const pooler = options.postgresUrl ? undefined : process.env.TEST_PGBOUNCER_URL;
  const template = options.migrated ? await postgresTemplate(serverUrl) : 'template0';
  await withClient(serverUrl, async (admin) => admin.query(`create database ${name} template ${template}${await copyStrategy(admin)}`));
  const direct = databaseUrl(serverUrl, name);
  const app = pooler ? databaseUrl(pooler, name) : direct;
  const open = (openOptions?: Parameters<typeof openPostgres>[2]) => openPostgres(app, undefined, { ...openOptions, listenUrl: direct });
  return {
    handle: open(),
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: app, ...(pooler ? { DATABASE_LISTEN_URL: direct } : {}) },
    reopen: open,
    drop: async () => {
      // FORCE: a handle a failed test left open must not keep its database around.
      await withClient(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
 */
const MIGRATION_SOURCES = ['search-document.ts', 'story-tags.ts'];
const migrationsHash = (() => {
  let hash: string | null = null;
  return () => {
    if (hash) return hash;
    const dir = fileURLToPath(new URL('../db/migrations/', import.meta.url));
    const digest = crypto.createHash('sha256');
    for (const file of fs.readdirSync(dir).sort()) digest.update(file).update(fs.readFileSync(path.join(dir, file)));
    // The data-layer modules migrations build their SQL from (the search document, the tag count triggers).
    for (const file of MIGRATION_SOURCES) digest.update(file).update(fs.readFileSync(fileURLToPath(new URL(`../db/${file}`, import.meta.url))));
    hash = digest.digest('hex').slice(0, 12);
    return hash;
  };
})();

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
      await migrateToLatest(handle.db);
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
          await migrateToLatest(handle.db);
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
