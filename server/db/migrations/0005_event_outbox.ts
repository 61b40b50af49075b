import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * Live events as an outbox (docs/decisions/0006-live-event-outbox.md). `liveEventSeq` is one
 * row holding the last id handed out: a transaction that records an event increments it,
 * and its row lock makes event-producing transactions take ids in commit order. It starts
 * after every id already issued, so a browser's Last-Event-ID stays meaningful.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('liveEventSeq')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last', 'bigint', (c) => c.notNull())
    .execute();

  // Ids issued so far: the newest stored row, or the counter behind `liveEvents.id` when
  // pruning removed every row.
  const issued = isPostgres(db)
    ? sql<number>`(select case when is_called then last_value else 0 end from "liveEvents_id_seq")`
    : sql<number>`(select seq from sqlite_sequence where name = 'liveEvents')`;
  await sql`insert into "liveEventSeq" (id, last)
    select 1, coalesce(max(id), 0) from "liveEvents"`.execute(db);
  await sql`update "liveEventSeq" set last = ${issued} where ${issued} > last`.execute(db);

  // Pruning deletes by age.
  await db.schema.createIndex('liveEvents_created').on('liveEvents').column('created_at').execute();
}
