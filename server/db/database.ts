import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { createRequire } from 'node:module';
import type pg from 'pg';
import { Kysely, Migrator, sql, type LogConfig } from 'kysely';
import type { Database } from './types';
import { ImmediateSqliteDialect } from './sqlite-dialect';
import { OwnSchemaPostgresDialect } from './own-schema-introspector';
import { migrationProvider } from './migrations';
import { isPostgres } from './migrations/helpers';
import { keepOwnerOnly } from '../files';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Present on PostgreSQL: the pool, for LISTEN/NOTIFY connections. */
  pgPool: pg.Pool | null;
  /** Present on PostgreSQL: connection settings for a dedicated listening client. */
  pgClientConfig: pg.ClientConfig | null;
  /**
   * Present on SQLite: registers a callback run after every committed transaction (the
   * live-event bus dispatches then; on PostgreSQL, NOTIFY announces commits instead).
   * Returns the function that removes it.
   */
  onCommit: ((listener: () => void) => () => void) | null;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * pg, loaded when a PostgreSQL database is opened: an SQLite install never pays its memory.
 * A require, not an import, so opening stays synchronous.
 */
function loadPg(): typeof pg {
  const driver = createRequire(import.meta.url)('pg') as typeof pg;
  // COUNT(*) and bigserial ids arrive as int8; every such value here fits in a JS number.
  driver.types.setTypeParser(driver.types.builtins.INT8, (value) => Number.parseInt(value, 10));
  return driver;
}

const WAL_CHECKPOINT_MS = 5 * 60 * 1000;

export interface OpenOptions {
  /** Kysely's query log: tests count the statements a request runs with it. */
  log?: LogConfig;
}

export function openSqlite(file: string, options: OpenOptions = {}): DatabaseHandle {
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // SQLite gives its -wal and -shm files the database file's permissions.
    keepOwnerOnly(file);
  }
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const commitListeners = new Set<() => void>();
  const afterCommit = () => commitListeners.forEach((listener) => listener());
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }, afterCommit), log: options.log });
  // Long-lived readers can keep the WAL growing; truncate it now and then.
  const checkpoint = setInterval(() => {
    try {
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // A busy checkpoint is retried at the next tick.
    }
  }, WAL_CHECKPOINT_MS);
  checkpoint.unref();
  return {
    db,
    dialect: 'sqlite',
    pgPool: null,
    pgClientConfig: null,
    onCommit: (listener) => {
      commitListeners.add(listener);
      return () => commitListeners.delete(listener);
    },
    ping: async () => {
      await sql`select 1`.execute(db);
      return true;
    },
    close: async () => {
      clearInterval(checkpoint);
      await db.destroy();
    },
  };
}

export function openPostgres(url: string, schema?: string, options: OpenOptions = {}): DatabaseHandle {
  const clientConfig: pg.ClientConfig = {
    connectionString: url,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  };
  const pool = new (loadPg().Pool)({ ...clientConfig, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }), log: options.log });
  return {
    db,
    dialect: 'postgres',
    pgPool: pool,
    pgClientConfig: clientConfig,
    onCommit: null,
    ping: async () => {
      await sql`select 1`.execute(db);
      return true;
    },
    close: () => db.destroy(),
  };
}

async function migratorFor(db: Kysely<Database>): Promise<Migrator> {
  // Features land in parallel: a migration numbered below one already applied must still run.
  // Kysely looks for its own tables in every schema it can see; naming ours stops it from
  // taking another schema's (another install's, or a parallel test's) as this one's.
  const migrationTableSchema = isPostgres(db as Kysely<unknown>) ? await currentSchema(db) : undefined;
  return new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true, migrationTableSchema });
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = await migratorFor(db);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Our migrations, and those not yet applied to this database (read only: nothing is created). */
export async function migrationState(db: Kysely<Database>): Promise<{ known: number; pending: string[] }> {
  const migrations = await (await migratorFor(db)).getMigrations();
  return { known: migrations.length, pending: migrations.filter((m) => m.executedAt === undefined).map((m) => m.name) };
}

async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema: check the search_path of DATABASE_URL');
  return schema;
}
