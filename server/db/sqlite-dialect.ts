import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type SqliteStatement,
} from 'kysely';

/** Distinct SQL texts kept prepared: the app's queries are a few hundred shapes at most. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's driver prepares every query afresh; compiling the SQL costs more than running a
 * short indexed read. This keeps the prepared statements by SQL text (least recently used out
 * first past `max`). A cached statement is safe to reuse: Kysely's SQLite driver holds one
 * connection behind a mutex, so no two queries ever use a statement at once, and SQLite
 * recompiles a statement by itself when a migration changes the schema under it.
 */
export function withStatementCache(database: SqliteDatabase, max = STATEMENT_CACHE_SIZE): SqliteDatabase & { readonly cachedStatements: number } {
  const statements = new Map<string, SqliteStatement>();
  return {
    get cachedStatements() {
      return statements.size;
    },
    close: () => database.close(),
    prepare: (sql) => {
      const cached = statements.get(sql);
      if (cached) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      if (statements.size >= max) {
        const oldest = statements.keys().next();
        if (!oldest.done) statements.delete(oldest.value);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/**
 * SQLite's default deferred BEGIN takes the write lock only at the first write, and a
 * lock upgrade that meets another writer fails at once with SQLITE_BUSY instead of
 * waiting for busy_timeout. BEGIN IMMEDIATE takes the lock up front, so writers queue.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly afterCommit: () => void,
  ) {
    super(config);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /** `afterCommit` runs once the COMMIT succeeded (the live-event bus dispatches then). */
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await super.commitTransaction(connection);
    this.afterCommit();
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #driverConfig: SqliteDialectConfig;
  readonly #afterCommit: () => void;

  constructor(config: { database: SqliteDatabase }, afterCommit: () => void = () => {}) {
    const cached = { ...config, database: withStatementCache(config.database) };
    super(cached);
    this.#driverConfig = cached;
    this.#afterCommit = afterCommit;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#driverConfig, this.#afterCommit);
  }
}
