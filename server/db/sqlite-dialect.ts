import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';

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

  constructor(config: SqliteDialectConfig, afterCommit: () => void = () => {}) {
    super(config);
    this.#driverConfig = config;
    this.#afterCommit = afterCommit;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#driverConfig, this.#afterCommit);
  }
}
