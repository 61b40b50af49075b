import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { createRequire } from 'node:module';
import type pg from 'pg';
import { Kysely, Migrator, sql, type LogEvent, type MigrationProvider } from 'kysely';
import type { Database } from './types';
import { ImmediateSqliteDialect } from './sqlite-dialect';
import { OwnSchemaPostgresDialect } from './own-schema-introspector';
import { migrationProvider } from './migrations';
import { isPostgres } from './migrations/helpers';
import { keepOwnerOnly } from '../files';
import { DEFAULT_DATABASE_POOL_SIZE } from '../config';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Present on PostgreSQL: the pool, for LISTEN/NOTIFY connections. */
  pgPool: pg.Pool | null;
  /**
   * Present on PostgreSQL: connection settings for the dedicated LISTEN client. A direct
   * connection when `listenUrl` was given (behind PgBouncer in transaction mode a LISTEN
   * would be lost with the server connection it happened to get).
   */
  pgClientConfig: pg.ClientConfig | null;
  /**
   * Present on SQLite: registers a callback run after every committed transaction (the
   * live-event bus dispatches then; on PostgreSQL, NOTIFY announces commits instead).
   * Returns the function that removes it.
   */
  onCommit: ((listener: () => void) => () => void) | null;
  /**
   * Present on SQLite: the last live-event id written, read at once without yielding (one
   * indexed row, on the one connection). Inside a transaction still open on that connection it
   * includes the transaction's own events, so it is never below what has committed.
   */
  latestEventIdNow: (() => number) | null;
  /**
   * Registers a callback for every failed statement, and on PostgreSQL every failed attempt
   * to get a connection (the metrics count them). Returns the function that removes it.
   */
  onError(listener: (err: unknown) => void): () => void;
  /** Connections open, idle and waited for; null on SQLite, which has one connection and no pool. */
  poolUse(): PoolUse | null;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface PoolUse {
  max: number;
  total: number;
  idle: number;
  /** Requests queued for a connection. */
  waiting: number;
}

/**
 * While the database is out of reach a request must fail fast, not hang (answered 503 by
 * http/errors.ts). A stopped or restarting server refuses at once; a host that does not answer
 * is given up after CONNECT_TIMEOUT_MS per connection attempt. Waiting for a free pooled
 * connection is allowed longer (ACQUIRE_TIMEOUT_MS): a burst on a healthy database queues
 * rather than failing. A statement is cancelled by the server after STATEMENT_TIMEOUT_MS, and
 * one the server never answers (a frozen host) is abandoned by the client after
 * QUERY_TIMEOUT_MS. SQLite waits for another process's lock at most SQLITE_BUSY_TIMEOUT_MS
 * (the wait blocks the whole process).
 */
export const CONNECT_TIMEOUT_MS = 1500;
// 15 s, not 5: a burst of 120 requests on a busy 2-core machine queued past 5 s for one of the
// pool's connections and was answered 503 while the database was healthy. An unreachable
// database still fails fast: new connections are refused or time out after CONNECT_TIMEOUT_MS.
const ACQUIRE_TIMEOUT_MS = 15_000;
export const STATEMENT_TIMEOUT_MS = 30_000;
const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 5000;
export const SQLITE_BUSY_TIMEOUT_MS = 1500;

/** The set behind `onError`, and the Kysely log that feeds it (and the caller's own log, if any). */
function errorListeners(options: OpenOptions) {
  const listeners = new Set<(err: unknown) => void>();
  const notify = (err: unknown) => listeners.forEach((listener) => listener(err));
  const log = (event: LogEvent) => {
    if (event.level === 'error') notify(event.error);
    options.log?.(event);
  };
  const onError = (listener: (err: unknown) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return { log, notify, onError };
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
  log?: (event: LogEvent) => void;
  /** PostgreSQL: where the LISTEN connection goes, when not through `url` (DATABASE_LISTEN_URL). */
  listenUrl?: string;
  /** PostgreSQL: the most connections the pool opens (DATABASE_POOL_SIZE). */
  poolSize?: number;
}

export function openSqlite(file: string, options: OpenOptions = {}): DatabaseHandle {
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // SQLite gives its -wal and -shm files the database file's permissions.
    keepOwnerOnly(file);
  }
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const commitListeners = new Set<() => void>();
  let latestEvent: SqliteDatabase.Statement<[], number> | null = null;
  const afterCommit = () => commitListeners.forEach((listener) => listener());
  const errors = errorListeners(options);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }, afterCommit), log: errors.log });
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
    latestEventIdNow: () => {
      // Prepared on first use: the table exists once the database is migrated.
      latestEvent ??= sqlite.prepare<[], number>('select "last" from "liveEventSeq" where "id" = 1').pluck();
      return Number(latestEvent.get() ?? 0);
    },
    onError: errors.onError,
    poolUse: () => null,
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
  const max = options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE;
  const driver = loadPg();
  // pg-pool's connectionTimeoutMillis covers both the wait for a free client and a new one's
  // connecting; the client's own (here) bounds the connecting alone.
  class BoundedClient extends driver.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    }
  }
  const pool = new driver.Pool({
    ...clientConfig,
    max,
    Client: BoundedClient,
    connectionTimeoutMillis: ACQUIRE_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    // A connection whose server vanished (no FIN: a host gone) is noticed instead of waited on.
    keepAlive: true,
  });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may a checked-out client's, between two statements of a transaction (pg emits it with no
  // listener then): its next statement fails instead (a 503), and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const errors = errorListeners(options);
  // Kysely's log sees failed statements; a connection that could not be had fails before any.
  const counted = {
    connect: () =>
      pool.connect().catch((err: unknown) => {
        errors.notify(err);
        throw err;
      }),
    end: () => pool.end(),
  };
  const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool: counted }), log: errors.log });
  return {
    db,
    dialect: 'postgres',
    pgPool: pool,
    pgClientConfig: options.listenUrl ? { ...clientConfig, connectionString: options.listenUrl } : clientConfig,
    onCommit: null,
    latestEventIdNow: null,
    onError: errors.onError,
    poolUse: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ping: async () => {
      await sql`select 1`.execute(db);
      return true;
    },
    close: () => db.destroy(),
  };
}

async function migratorFor(db: Kysely<Database>, provider: MigrationProvider = migrationProvider, inTransaction = false): Promise<Migrator> {
  // Features land in parallel: a migration numbered below one already applied must still run.
  // Kysely looks for its own tables in every schema it can see; naming ours stops it from
  // taking another schema's (another install's, or a parallel test's) as this one's.
  const migrationTableSchema = isPostgres(db as Kysely<unknown>) ? await currentSchema(db) : undefined;
  return new Migrator({ db, provider, allowUnorderedMigrations: true, migrationTableSchema, disableTransactions: inTransaction });
}

/** Brings the schema up to date (on PostgreSQL under the migration lock: see underMigrationLock). */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  if (isPostgres(db as Kysely<unknown>)) await underMigrationLock(db, (conn) => migrateInTransaction(conn));
  else await runMigrator(await migratorFor(db));
}

/**
 * Runs `work` (migrations, better-auth's included) in a transaction of its own that first takes
 * this schema's migration lock, so instances started together change the schema one after
 * another. On SQLite (one process) it just runs `work`.
 *
 * Kysely's own lock is a session lock taken before its BEGIN: through PgBouncer in transaction
 * mode the lock, the migration and the unlock may each run on a different server connection,
 * leaving the lock held on one the pool keeps, and every other instance then waited on it until
 * the statement timeout ended its start. Inside this transaction Kysely's lock and unlock share
 * its one connection and meet no contention. The transaction is begun by hand on one
 * connection because Kysely's Migrator asks its database for a connection, which a Kysely
 * Transaction refuses.
 */
export async function underMigrationLock(db: Kysely<Database>, work: (conn: Kysely<Database>) => Promise<void>): Promise<void> {
  if (!isPostgres(db as Kysely<unknown>)) return work(db);
  await db.connection().execute(async (conn) => {
    await sql`begin`.execute(conn);
    try {
      await takeMigrationLock(conn);
      await work(conn);
      await sql`commit`.execute(conn);
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw err;
    }
  });
}

/** Runs the migrations inside the transaction the caller began on the connection `conn` (a restore's, or underMigrationLock's). */
export async function migrateInTransaction(conn: Kysely<Database>, provider: MigrationProvider = migrationProvider): Promise<void> {
  if (isPostgres(conn as Kysely<unknown>)) await takeMigrationLock(conn);
  await runMigrator(await migratorFor(conn, provider, true));
}

/**
 * The transaction-level advisory lock for this schema's migrations, polled rather than waited
 * on; the request timeouts do not apply to what follows in the transaction: a migration (or the
 * wait for another instance's) may take longer than any request may.
 */
async function takeMigrationLock(conn: Kysely<Database>): Promise<void> {
  await sql`set local statement_timeout = 0`.execute(conn);
  const key = `drabble-migrations:${await currentSchema(conn)}`;
  while (!(await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtextextended(${key}, 0)) as locked`.execute(conn)).rows[0]?.locked) {
    await new Promise((resolve) => setTimeout(resolve, MIGRATION_LOCK_POLL_MS));
  }
}

const MIGRATION_LOCK_POLL_MS = 250;

async function runMigrator(migrator: Migrator): Promise<void> {
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
