import { sql, type Kysely } from 'kysely';
import { compareGreetings, DEFAULT_PUNCTUATION, GREETING_PUNCTUATION, type Greeting, type GreetingPunctuation } from '@common/greetings/greetings';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/types';
import { fromDbBool, toDbBool } from '../../db/bool';

type Db = Kysely<Database>;

const COLUMNS = ['id', 'text', 'punctuation', 'enabled', 'created_at'] as const;

/** Every write validated the punctuation; this only gives the stored string its type. */
function asPunctuation(value: string): GreetingPunctuation {
  return GREETING_PUNCTUATION.find((p) => p === value) ?? DEFAULT_PUNCTUATION;
}

type GreetingDbRow = { id: string; text: string; punctuation: string; enabled: number; created_at: string };

function toGreeting(row: GreetingDbRow): Greeting {
  return { id: row.id, text: row.text, punctuation: asPunctuation(row.punctuation), enabled: fromDbBool(row.enabled), created_at: row.created_at };
}

/**
 * The whole list in the table's order. Sorted here rather than in SQL: the two databases
 * order text by different collations, and the greeting of the day must not depend on which
 * one is in use.
 */
export async function allGreetings(db: Db): Promise<Greeting[]> {
  const rows = await db.selectFrom('greetings').select(COLUMNS).execute();
  return rows.map(toGreeting).sort(compareGreetings);
}

export async function enabledGreetings(db: Db): Promise<Array<Pick<Greeting, 'text' | 'punctuation'>>> {
  const rows = await db.selectFrom('greetings').select(['text', 'punctuation']).where('enabled', '=', 1).execute();
  return rows.map((row) => ({ text: row.text, punctuation: asPunctuation(row.punctuation) }));
}

export async function findGreeting(db: Db, id: string): Promise<Greeting | null> {
  const row = await db.selectFrom('greetings').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toGreeting(row) : null;
}

/** The greeting with this text and punctuation (the unique pair), other than `exceptId`. */
export async function findSameGreeting(db: Db, text: string, punctuation: string, exceptId?: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('greetings')
    .select('id')
    .where('text', '=', text)
    .where('punctuation', '=', punctuation)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId ?? ''))
    .executeTakeFirst();
}

/**
 * Serialises every change to the list: the duplicate check before an insert and an
 * import's plan both read the list and must still be true when they write. SQLite already
 * runs one write transaction at a time (BEGIN IMMEDIATE); PostgreSQL takes a lock that
 * conflicts with itself and with row writes but not with reads, so the table and the home
 * screen keep reading meanwhile.
 */
export async function lockGreetings(trx: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`lock table ${sql.table('greetings')} in share row exclusive mode`.execute(trx);
}

/** Stores a new greeting, enabled. */
export async function insertGreeting(db: Db, greeting: Greeting): Promise<void> {
  await db.insertInto('greetings').values({ ...greeting, enabled: 1 }).execute();
}

/** Stores new greetings in one statement. */
export async function insertGreetings(db: Db, greetings: readonly Greeting[]): Promise<void> {
  await db
    .insertInto('greetings')
    .values(greetings.map((g) => ({ id: g.id, text: g.text, punctuation: g.punctuation, enabled: toDbBool(g.enabled), created_at: g.created_at })))
    .execute();
}

/** The greetings with these ids become enabled (or not). */
export async function setGreetingsEnabled(db: Db, ids: readonly string[], enabled: boolean): Promise<void> {
  await db.updateTable('greetings').set({ enabled: toDbBool(enabled) }).where('id', 'in', ids).execute();
}

/** Writes the greeting's text, punctuation and enabled flag. */
export async function writeGreeting(db: Db, id: string, greeting: Pick<Greeting, 'text' | 'punctuation' | 'enabled'>): Promise<void> {
  await db
    .updateTable('greetings')
    .set({ text: greeting.text, punctuation: greeting.punctuation, enabled: toDbBool(greeting.enabled) })
    .where('id', '=', id)
    .execute();
}

export async function deleteGreetingRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('greetings').where('id', '=', id).execute();
}

/** Enable All / Disable All: one UPDATE over the rows not already so (numUpdatedRows counts them). */
export function setEveryGreetingEnabled(db: Db, enabled: boolean) {
  return db
    .updateTable('greetings')
    .set({ enabled: toDbBool(enabled) })
    .where('enabled', '=', toDbBool(!enabled))
    .executeTakeFirst();
}
