import type { Dialect } from '../../db/database';
import type { LogicalType } from './format';

/**
 * What tables the database holds, read from its own catalog rather than from a list in the
 * code: a table a later feature (or a newer better-auth) adds is backed up without anyone
 * remembering to. Generated columns (PostgreSQL's search vector) and SQLite's full-text index
 * (a virtual table and its shadow tables) are left out: the database rebuilds them from the rows.
 */

/** Runs one statement and returns its rows; the same catalog code reads a snapshot and a restore target. */
export type Query = (text: string, params?: readonly unknown[]) => Promise<Array<Record<string, unknown>>>;

export interface CatalogColumn {
  name: string;
  type: LogicalType;
  /** A PostgreSQL serial or identity column: its sequence is moved past the restored ids. */
  serial: boolean;
  /** The type as the database names it (PostgreSQL's data_type, SQLite's declared type). */
  nativeType: string;
}

export interface CatalogTable {
  name: string;
  columns: CatalogColumn[];
  /** Tables this one's foreign keys point at (itself left out). */
  parents: string[];
}

/** Kysely's bookkeeping: which migrations ran is recorded in the manifest instead. */
export const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];

function sqliteType(declared: string): LogicalType {
  const t = declared.toUpperCase();
  if (t.includes('BOOL')) return 'boolean';
  if (t.includes('DATE') || t.includes('TIME')) return 'timestamp';
  if (t.includes('INT')) return 'integer';
  if (t.includes('REAL') || t.includes('FLOA') || t.includes('DOUB') || t.includes('NUMERIC') || t.includes('DECIMAL')) return 'real';
  if (t.includes('BLOB')) return 'bytes';
  if (t.includes('JSON')) return 'json';
  return 'text';
}

function postgresType(dataType: string): LogicalType {
  if (dataType === 'boolean') return 'boolean';
  if (dataType.startsWith('timestamp') || dataType === 'date') return 'timestamp';
  if (dataType === 'integer' || dataType === 'bigint' || dataType === 'smallint') return 'integer';
  if (dataType === 'real' || dataType === 'double precision' || dataType === 'numeric') return 'real';
  if (dataType === 'json' || dataType === 'jsonb') return 'json';
  if (dataType === 'bytea') return 'bytes';
  return 'text';
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function sqliteCatalog(query: Query): Promise<CatalogTable[]> {
  // pragma table_list tells ordinary tables from virtual ones and their shadow tables.
  const listed = await query(`select name, type from pragma_table_list where schema = 'main'`);
  const names = listed
    .filter((t) => t.type === 'table' && !String(t.name).startsWith('sqlite_') && !MIGRATION_TABLES.includes(String(t.name)))
    .map((t) => String(t.name))
    .sort();
  const tables: CatalogTable[] = [];
  for (const name of names) {
    // hidden: 0 an ordinary column, 2 and 3 generated ones.
    const columns = (await query(`select name, type, hidden from pragma_table_xinfo(?)`, [name]))
      .filter((c) => Number(c.hidden) === 0)
      .map((c) => ({ name: String(c.name), type: sqliteType(String(c.type ?? '')), serial: false, nativeType: String(c.type ?? '') }));
    const parents = (await query(`select distinct "table" as parent from pragma_foreign_key_list(?)`, [name])).map((r) => String(r.parent));
    tables.push({ name, columns, parents: parents.filter((p) => p !== name) });
  }
  return tables;
}

async function postgresCatalog(query: Query): Promise<CatalogTable[]> {
  const names = (
    await query(`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`)
  )
    .map((t) => String(t.name))
    .filter((name) => !MIGRATION_TABLES.includes(name));
  const columns = await query(
    `select table_name, column_name, data_type, is_generated, is_identity, column_default
       from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position`,
  );
  const keys = await query(
    `select child.relname as child, parent.relname as parent
       from pg_constraint c
       join pg_class child on child.oid = c.conrelid
       join pg_class parent on parent.oid = c.confrelid
       join pg_namespace n on n.oid = child.relnamespace
      where c.contype = 'f' and n.nspname = current_schema()`,
  );
  return names.map((name) => ({
    name,
    columns: columns
      .filter((c) => c.table_name === name && c.is_generated !== 'ALWAYS')
      .map((c) => ({
        name: String(c.column_name),
        type: postgresType(String(c.data_type)),
        nativeType: String(c.data_type),
        serial: c.is_identity === 'YES' || String(c.column_default ?? '').startsWith('nextval('),
      })),
    parents: keys.filter((k) => k.child === name && k.parent !== name).map((k) => String(k.parent)),
  }));
}

export function readCatalog(query: Query, dialect: Dialect): Promise<CatalogTable[]> {
  return dialect === 'postgres' ? postgresCatalog(query) : sqliteCatalog(query);
}

/** Parents before their children, so every foreign key finds its row (PostgreSQL checks each insert). */
export function loadOrder<T extends { name: string }>(tables: readonly T[], parentsOf: (name: string) => readonly string[]): T[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const order: T[] = [];
  const visit = (name: string) => {
    if (placed.has(name) || visiting.has(name) || !byName.has(name)) return;
    visiting.add(name);
    for (const parent of parentsOf(name)) visit(parent);
    visiting.delete(name);
    placed.add(name);
    order.push(byName.get(name)!);
  };
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(t.name);
  return order;
}

export const selectColumns = (table: CatalogTable | { name: string; columns: Array<{ name: string }> }) =>
  `select ${table.columns.map((c) => quoted(c.name)).join(', ')} from ${quoted(table.name)}`;

export { quoted as quoteIdentifier };
