import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key `id`, spelled as each database wants it. */
export function withSerialId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** The columns every event-log table shares (spec section 3, systemLogs/activityLogs). */
export function withLogColumns<T extends string>(table: CreateTableBuilder<T, never>) {
  return table
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('action', 'text')
    .addColumn('user', 'text')
    .addColumn('resource', 'text')
    .addColumn('details', 'text')
    .addColumn('level', 'text', (c) => c.notNull().defaultTo('info'))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('web'))
    .addColumn('ip', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('stack', 'text')
    .addColumn('message', 'text');
}
