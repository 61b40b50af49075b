import { sql, type Kysely } from 'kysely';
import { handleWithSuffix, suggestHandle } from '@common/handles/handle';
import { isPostgres } from './helpers';

/**
 * Handles (common/handles/handle.ts, docs/decisions/0064-handles.md):
 * - users.handle: every account's one handle, lower case, unique (`users_handle`), never empty
 *   (NOT NULL on PostgreSQL; on SQLite, which cannot add the constraint to a column it adds,
 *   two triggers refuse a row without one). Existing accounts get one made from their display
 *   name, else their email's local part (a deleted account's tombstone from its `deleted-…` name),
 *   the oldest account first, so the longest-standing writer gets the name without a number;
 *   a taken one gets 2, 3… after it.
 * - handleRedirects: a handle someone changed away from, still leading to them (userId). Kept
 *   for good, also once the account is deleted, so a link to it or another server's idea of who
 *   it is never reaches somebody else; its own person may take it back (the row then goes).
 */
const BATCH = 500;

type Db = Kysely<{
  users: { uid: string; created_at: string; name: string; email: string; displayName: string | null; deletedAt: string | null };
}>;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('handle', 'text').execute();
  await giveEveryAccountAHandle(db);
  await db.schema.createIndex('users_handle').on('users').column('handle').unique().execute();
  if (isPostgres(db)) {
    await sql`alter table users alter column handle set not null`.execute(db);
  } else {
    await sql`create trigger users_handle_required_insert before insert on users when new.handle is null
      begin select raise(abort, 'users.handle may not be null'); end`.execute(db);
    await sql`create trigger users_handle_required_update before update of handle on users when new.handle is null
      begin select raise(abort, 'users.handle may not be null'); end`.execute(db);
  }

  await db.schema
    .createTable('handleRedirects')
    .addColumn('oldHandle', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('handleRedirects_userId').on('handleRedirects').column('userId').execute();
}

/** In batches, oldest account first; the handles given so far are kept in memory (a few dozen bytes an account). */
async function giveEveryAccountAHandle(db: Kysely<unknown>): Promise<void> {
  const users = db as Db;
  const given = new Set<string>();
  /** The next number to try after a base, so a thousand "Writer"s do not each count from 2. */
  const nextNumber = new Map<string, number>();
  const handleFor = (base: string): string => {
    for (let n = nextNumber.get(base) ?? 1; ; n++) {
      const handle = handleWithSuffix(base, n);
      if (!given.has(handle)) {
        given.add(handle);
        nextNumber.set(base, n + 1);
        return handle;
      }
    }
  };

  let after: { created_at: string; uid: string } | null = null;
  for (;;) {
    let query = users.selectFrom('users').select(['uid', 'created_at', 'name', 'email', 'displayName', 'deletedAt']);
    if (after) {
      const { created_at, uid } = after;
      query = query.where(({ eb, refTuple, tuple }) => eb(refTuple('created_at', 'uid'), '>', tuple(created_at, uid)));
    }
    const rows = await query.orderBy('created_at').orderBy('uid').limit(BATCH).execute();
    if (rows.length === 0) break;
    const values = rows.map((row) => {
      const base = row.deletedAt !== null ? suggestHandle(row.name) : suggestHandle(row.displayName, row.email.split('@')[0]);
      return sql`(${row.uid}, ${handleFor(base)})`;
    });
    await sql`update users set handle = v.column2 from (values ${sql.join(values)}) as v where users.uid = v.column1`.execute(db);
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, uid: last.uid };
  }
}
