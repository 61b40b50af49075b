import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database } from '../db/types';

type Table = 'adminLogs' | 'notifications';

/**
 * Makes every insert into `table` fail, or stops doing so: for tests that a change writes
 * all of its rows or none. On SQLite (a database file per test file) the table is renamed
 * away, since SQLite reports a trigger's refusal as a constraint (a 400, not a failure). On
 * PostgreSQL a trigger refuses the insert: renaming a table there would disturb the test
 * files running beside this one in the same database, whose start-up reads every schema's
 * tables.
 */
export async function failWritesTo(db: Kysely<Database>, dialect: Dialect, table: Table, fail: boolean): Promise<void> {
  const away = `${table}_away`;
  const name = `${table}_fail`;
  if (dialect === 'sqlite') {
    if (fail) await db.schema.alterTable(table).renameTo(away).execute();
    else await db.schema.alterTable(away).renameTo(table).execute();
    return;
  }
  if (fail) {
    await sql`create function ${sql.id(name)}() returns trigger language plpgsql as $$ begin raise exception 'writes to this table fail in this test'; end $$`.execute(db);
    await sql`create trigger ${sql.id(name)} before insert on ${sql.table(table)} for each row execute function ${sql.id(name)}()`.execute(db);
  } else {
    await sql`drop trigger ${sql.id(name)} on ${sql.table(table)}`.execute(db);
    await sql`drop function ${sql.id(name)}()`.execute(db);
  }
}
