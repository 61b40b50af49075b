import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';

/**
 * SQLite's default deferred BEGIN takes the write lock only at the first write, and a
 * lock upgrade that meets another writer fails at once with SQLITE_BUSY instead of
 * waiting for busy_timeout. BEGIN IMMEDIATE takes the lock up front, so writers queue.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #driverConfig: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#driverConfig = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#driverConfig);
  }
}
