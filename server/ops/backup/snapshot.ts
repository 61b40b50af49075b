import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/types';
import { readCatalog, selectColumns, type CatalogTable, type Query } from './catalog';

/**
 * One consistent view of the whole database, taken while the server keeps writing: every
 * table is read as it stood at one instant, so a backup never holds half a transaction (a
 * comment without the count that went up with it).
 * - PostgreSQL: a REPEATABLE READ READ ONLY transaction on a connection of its own; the
 *   snapshot is fixed by its first statement, and rows come through a cursor, a page at a time.
 * - SQLite: a read transaction on a second connection to the same file. In WAL mode a reader
 *   sees the database as of its first read and never blocks writers (nor they it); the
 *   server's own connection, which writes, is not held up.
 */
export interface Snapshot {
  readonly dialect: Dialect;
  /** The tables as the snapshot sees them. */
  readonly tables: CatalogTable[];
  /** The migrations applied in the snapshot, by name, sorted. */
  readonly migrations: string[];
  /** Reads inside the snapshot (the catalog, and tests that compare what it saw). */
  readonly query: Query;
  /** The table's rows, in pages; each row's values in the order of `table.columns`, as the driver gives them. */
  rows(table: CatalogTable): AsyncIterable<unknown[][]>;
  close(): Promise<void>;
}

export interface SnapshotSource {
  dialect: Dialect;
  db: Kysely<Database>;
  /** The SQLite database file (null on PostgreSQL). */
  sqliteFile: string | null;
}

const PAGE_ROWS = 2000;
const CURSOR = 'drabble_backup_rows';

async function finish(query: Query, dialect: Dialect): Promise<Pick<Snapshot, 'tables' | 'migrations'>> {
  const tables = await readCatalog(query, dialect);
  const migrations = (await query('select name from kysely_migration order by name')).map((r) => String(r.name));
  return { tables, migrations };
}

async function postgresSnapshot(db: Kysely<Database>): Promise<Snapshot> {
  // The connection stays out of the pool until close(): Kysely lends it for the callback's lifetime.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let lent!: Promise<void>;
  const conn = await new Promise<Kysely<Database>>((resolve, reject) => {
    lent = db.connection().execute(async (c) => {
      resolve(c);
      await released;
    });
    lent.catch(reject);
  });
  const query: Query = async (text, params = []) => (await conn.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, [...params]))).rows;
  let open = true;
  const close = async () => {
    if (!open) return;
    open = false;
    try {
      await query('rollback');
    } finally {
      release();
      await lent;
    }
  };
  try {
    await query('begin isolation level repeatable read, read only');
    const seen = await finish(query, 'postgres');
    return {
      dialect: 'postgres',
      ...seen,
      query,
      async *rows(table) {
        await query(`declare ${CURSOR} no scroll cursor for ${selectColumns(table)}`);
        try {
          for (;;) {
            const page = await query(`fetch forward ${PAGE_ROWS} from ${CURSOR}`);
            if (page.length === 0) break;
            yield page.map((row) => table.columns.map((c) => row[c.name]));
            if (page.length < PAGE_ROWS) break;
          }
        } finally {
          await query(`close ${CURSOR}`);
        }
      },
      close,
    };
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
}

async function sqliteSnapshot(file: string): Promise<Snapshot> {
  const sqlite = new SqliteDatabase(file, { fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  const query: Query = async (text, params = []) => sqlite.prepare(text).all(...params) as Array<Record<string, unknown>>;
  const close = async () => {
    if (!sqlite.open) return;
    if (sqlite.inTransaction) sqlite.exec('rollback');
    sqlite.close();
  };
  try {
    sqlite.exec('begin');
    // The first read fixes what the transaction sees.
    const seen = await finish(query, 'sqlite');
    return {
      dialect: 'sqlite',
      ...seen,
      query,
      async *rows(table) {
        const rows = sqlite.prepare(selectColumns(table)).raw(true).iterate() as IterableIterator<unknown[]>;
        let page: unknown[][] = [];
        for (const row of rows) {
          page.push(row);
          if (page.length === PAGE_ROWS) {
            // The iterator stays open across the await: nothing else uses this connection meanwhile.
            yield page;
            page = [];
          }
        }
        if (page.length > 0) yield page;
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

export function openSnapshot(source: SnapshotSource): Promise<Snapshot> {
  if (source.dialect === 'postgres') return postgresSnapshot(source.db);
  if (!source.sqliteFile) throw new Error('an SQLite snapshot needs the database file');
  return sqliteSnapshot(source.sqliteFile);
}
