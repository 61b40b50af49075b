import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CompiledQuery, sql, type Kysely, type MigrationProvider } from 'kysely';
import type { AppConfig } from '../../config';
import { migrateInTransaction, type DatabaseHandle, type Dialect } from '../../db/database';
import type { Database } from '../../db/types';
import { migrationProvider } from '../../db/migrations';
import { migrateAuthTablesWithout } from '../../auth/auth';
import { OWNER_ONLY } from '../../files';
import type { Logger } from '../../logger';
import type { ObjectStorage } from '../../storage';
import { ArchiveError, openArchive, readWhole, type ArchiveEntry, type ArchiveReader } from './archive';
import { LIVE_EVENT_ID_JUMP, NOT_CARRIED } from './carried';
import { loadOrder, MIGRATION_TABLES, quoteIdentifier, readCatalog, type CatalogTable, type Query } from './catalog';
import { manifestEntries, manifestSchema, MANIFEST_ENTRY, type Manifest, type ManifestTable } from './format';
import { toTarget, type PortableValue } from './values';
import { recountAllTags } from '../../db/story-tags';
import { parseVapidKeys, serializeVapidKeys, VAPID_KEYS_FILE } from '../../features/push/vapid';

/** A backup that cannot be restored here, or a target it will not overwrite: one line for the person. */
export class RestoreRefused extends Error {}

export interface RestoreTarget {
  config: AppConfig;
  database: DatabaseHandle;
  storage: ObjectStorage;
  logger: Logger;
}

export interface RestoreResult {
  manifest: Manifest;
  tables: Array<{ name: string; rows: number }>;
  files: number;
  durationMs: number;
  /** Things the person should know (an AUTH_SECRET or push keys that differ from the backup's, none in it, files that were missing). */
  warnings: string[];
}

/** Rows per INSERT on SQLite: under its limit on parameters in one statement (32766). */
const PARAMETERS_PER_INSERT = 30_000;
const ROWS_PER_INSERT = 1000;
/** Rows per INSERT … SELECT FROM unnest(…) on PostgreSQL (one parameter per column). */
const ROWS_PER_UNNEST = 5000;

function damaged(file: string, reason: string): RestoreRefused {
  return new RestoreRefused(`${path.basename(file)} cannot be restored: ${reason}. Nothing was changed.`);
}

/** The manifest, checked against the format and against the migrations this version knows. */
async function readManifest(file: string, reader: ArchiveReader): Promise<Manifest> {
  const entry = reader.entries.find((e) => e.name === MANIFEST_ENTRY);
  if (!entry) throw damaged(file, 'it has no manifest (not a Drabble backup, or cut short)');
  let parsed: unknown;
  try {
    parsed = JSON.parse((await readWhole(reader, entry)).toString('utf8'));
  } catch (err) {
    throw damaged(file, `its manifest is unreadable (${err instanceof Error ? err.message : String(err)})`);
  }
  const checked = manifestSchema.safeParse(parsed);
  if (!checked.success) throw damaged(file, `its manifest is not one this version reads (${checked.error.issues[0]?.path.join('.') ?? ''}: ${checked.error.issues[0]?.message ?? ''})`);
  const manifest = checked.data;
  const known = await migrationProvider.getMigrations();
  const unknown = manifest.migrations.filter((name) => !(name in known));
  if (unknown.length > 0) {
    throw damaged(file, `it was made by a newer Drabble (${manifest.appVersion}, schema ${manifest.schemaVersion}); upgrade this install first (unknown migration ${unknown[0]})`);
  }
  return manifest;
}

/** Every entry's size and sha256 (and each table's row count) against the manifest, before anything is written. */
async function verifyEntries(file: string, reader: ArchiveReader, manifest: Manifest): Promise<void> {
  const expected = manifestEntries(manifest);
  const byName = new Map<string, ArchiveEntry>();
  for (const entry of reader.entries) {
    if (entry.name === MANIFEST_ENTRY) continue;
    if (!expected.has(entry.name)) throw damaged(file, `it holds ${entry.name}, which its manifest does not list`);
    if (byName.has(entry.name)) throw damaged(file, `it holds ${entry.name} twice`);
    byName.set(entry.name, entry);
  }
  for (const [name, want] of expected) {
    const entry = byName.get(name);
    if (!entry) throw damaged(file, `${name} is missing (cut short?)`);
    if (entry.size !== want.bytes) throw damaged(file, `${name} is ${entry.size} bytes, its manifest says ${want.bytes}`);
    const hash = crypto.createHash('sha256');
    let bytes = 0;
    let lines = 0;
    try {
      for await (const piece of reader.read(entry)) {
        hash.update(piece);
        bytes += piece.length;
        if (want.rows !== undefined) for (let i = piece.indexOf(10); i !== -1; i = piece.indexOf(10, i + 1)) lines += 1;
      }
    } catch (err) {
      throw damaged(file, err instanceof ArchiveError ? err.message : `${name} is unreadable`);
    }
    if (bytes !== want.bytes || hash.digest('hex') !== want.sha256) throw damaged(file, `${name} does not match its checksum (the file is damaged)`);
    if (want.rows !== undefined && lines !== want.rows) throw damaged(file, `${name} holds ${lines} rows, its manifest says ${want.rows}`);
  }
}

async function tableNames(query: Query, dialect: Dialect): Promise<Array<{ name: string; virtual: boolean }>> {
  if (dialect === 'postgres') {
    return (await query(`select tablename as name from pg_tables where schemaname = current_schema()`)).map((r) => ({ name: String(r.name), virtual: false }));
  }
  return (await query(`select name, type from pragma_table_list where schema = 'main'`))
    .filter((r) => (r.type === 'table' || r.type === 'virtual') && !String(r.name).startsWith('sqlite_'))
    .map((r) => ({ name: String(r.name), virtual: r.type === 'virtual' }));
}

/** How many accounts the target already holds (0 for an empty or never-migrated database). */
async function accountsIn(query: Query, dialect: Dialect): Promise<number> {
  const names = new Set((await tableNames(query, dialect)).map((t) => t.name));
  let accounts = 0;
  for (const table of ['authUsers', 'users']) {
    if (!names.has(table)) continue;
    const [row] = await query(`select count(*) as n from ${quoteIdentifier(table)}`);
    accounts = Math.max(accounts, Number(row?.n ?? 0));
  }
  return accounts;
}

/** Drops every table of the install: the restore builds the schema again at the backup's version. */
async function dropEverything(query: Query, dialect: Dialect): Promise<void> {
  const tables = await tableNames(query, dialect);
  if (tables.length > 0 && !tables.some((t) => t.name === MIGRATION_TABLES[0])) {
    throw new RestoreRefused(`the database holds tables that are not Drabble's (${tables[0]!.name}); restore into an empty database. Nothing was changed.`);
  }
  if (dialect === 'postgres') {
    for (const t of tables) await query(`drop table if exists ${quoteIdentifier(t.name)} cascade`);
    return;
  }
  // Triggers first: dropping a table deletes its rows, which would run them (the full-text
  // index's) for nothing. A virtual table (that index) takes its shadow tables with it.
  for (const trigger of await query(`select name from sqlite_schema where type = 'trigger'`)) await query(`drop trigger if exists ${quoteIdentifier(String(trigger.name))}`);
  for (const t of tables.filter((t) => t.virtual)) await query(`drop table if exists ${quoteIdentifier(t.name)}`);
  // Children before their parents: dropping a table deletes its rows first, and with foreign keys
  // deferred SQLite looks each deleted row's parent up, which fails once the parent table is gone.
  const parents = new Map((await readCatalog(query, dialect)).map((t) => [t.name, t.parents]));
  const plain = tables.filter((t) => !t.virtual);
  for (const t of loadOrder(plain, (name) => parents.get(name) ?? []).reverse()) await query(`drop table if exists ${quoteIdentifier(t.name)}`);
}

/**
 * Kysely's (and better-auth's) PostgreSQL introspection reads every schema's catalog, and
 * pg_get_serial_sequence fails ("column … of relation … does not exist") when a table in another
 * schema of the same database is dropped meanwhile (another install, a parallel test). That
 * step is retried from a savepoint instead of failing the whole restore.
 */
async function retryingCatalogRace(db: Kysely<Database>, dialect: Dialect, step: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (dialect === 'postgres') await sql`savepoint drabble_restore_step`.execute(db);
    try {
      await step();
      if (dialect === 'postgres') await sql`release savepoint drabble_restore_step`.execute(db);
      return;
    } catch (err) {
      if (dialect !== 'postgres' || attempt >= 3 || !/does not exist/.test(err instanceof Error ? err.message : '')) throw err;
      await sql`rollback to savepoint drabble_restore_step`.execute(db);
    }
  }
}

/** Only the migrations the backup's schema had: its rows go into the tables as they were then. */
function providerFor(names: readonly string[]): MigrationProvider {
  return {
    getMigrations: async () => {
      const all = await migrationProvider.getMigrations();
      return Object.fromEntries(names.map((name) => [name, all[name]!]));
    },
  };
}

/** Reads a table entry line by line: each line one row. */
async function* rowsOf(reader: ArchiveReader, entry: ArchiveEntry, width: number): AsyncGenerator<PortableValue[]> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let rest = '';
  let line = 0;
  const parse = (text: string): PortableValue[] => {
    line += 1;
    const row: unknown = JSON.parse(text);
    if (!Array.isArray(row) || row.length !== width) throw new RestoreRefused(`${entry.name} line ${line} is not a row of ${width} values. Nothing was changed.`);
    return row as PortableValue[];
  };
  for await (const piece of reader.read(entry)) {
    const text = rest + decoder.decode(piece, { stream: true });
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    for (const l of lines) yield parse(l);
  }
  rest += decoder.decode();
  if (rest !== '') yield parse(rest);
}

async function loadTable(
  db: Kysely<Database>,
  dialect: Dialect,
  reader: ArchiveReader,
  entry: ArchiveEntry,
  table: ManifestTable,
  target: CatalogTable,
): Promise<void> {
  const into = table.columns.map((column) => {
    const found = target.columns.find((c) => c.name === column.name);
    if (!found) throw new RestoreRefused(`the backup's column ${table.name}.${column.name} is unknown to this version of Drabble. Nothing was changed.`);
    return found;
  });
  const types = into.map((c) => c.type);
  const columns = sql.join(table.columns.map((c) => sql.ref(c.name)));
  let batch: unknown[][] = [];
  let perInsert: number;
  let insert: () => Promise<unknown>;
  if (dialect === 'postgres') {
    // One array per column, unnested back into rows: a few parameters however many rows, so
    // PostgreSQL parses one short statement per thousands of rows instead of one per row.
    perInsert = ROWS_PER_UNNEST;
    insert = () => {
      const arrays = into.map((column, i) => sql`${batch.map((row) => row[i])}::${sql.raw(column.nativeType)}[]`);
      return sql`insert into ${sql.table(table.name)} (${columns}) select * from unnest(${sql.join(arrays)})`.execute(db);
    };
  } else {
    perInsert = Math.max(1, Math.min(ROWS_PER_INSERT, Math.floor(PARAMETERS_PER_INSERT / table.columns.length)));
    insert = () => sql`insert into ${sql.table(table.name)} (${columns}) values ${sql.join(batch.map((row) => sql`(${sql.join(row)})`))}`.execute(db);
  }
  const flush = async () => {
    if (batch.length === 0) return;
    await insert();
    batch = [];
  };
  for await (const row of rowsOf(reader, entry, types.length)) {
    batch.push(row.map((value, i) => toTarget(types[i]!, value, dialect)));
    if (batch.length >= perInsert) await flush();
  }
  await flush();
}

/**
 * On PostgreSQL, the tables' secondary indexes (those behind no constraint: the feed's, the
 * search's GIN index) are dropped while the rows go in and built again from their own
 * definitions afterwards, in the same transaction, as pg_restore does: building an index over
 * 100,000 rows at once is several times faster than growing it row by row. Primary keys and
 * unique constraints stay, so every row is still checked as it goes in.
 */
async function withoutSecondaryIndexes(query: Query, dialect: Dialect, tables: string[], load: () => Promise<void>): Promise<void> {
  if (dialect !== 'postgres') return load();
  const indexes = await query(
    `select i.indexname as name, i.indexdef as definition from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = any($1::text[])
        and not exists (select 1 from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = current_schema() and c.conname = i.indexname)`,
    [tables],
  );
  for (const index of indexes) await query(`drop index ${quoteIdentifier(String(index.name))}`);
  await load();
  await query(`set local maintenance_work_mem = '128MB'`);
  for (const index of indexes) await query(String(index.definition));
}

/** Serial columns continue after the restored ids (SQLite's AUTOINCREMENT keeps up by itself). */
async function resetSequences(query: Query, tables: readonly CatalogTable[]): Promise<void> {
  for (const table of tables) {
    for (const column of table.columns.filter((c) => c.serial)) {
      await query(
        `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quoteIdentifier(column.name)}) from ${quoteIdentifier(table.name)}), 0) + 1, false)`,
        [quoteIdentifier(table.name), column.name],
      );
    }
  }
}

/** A file of DATA_DIR written beside its place (owner-only), renamed into it once the restore committed. */
interface Staged {
  file: string;
  temp: string;
}

function stageDataFile(dataDir: string, name: string, text: string): Staged {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, name);
  const temp = `${file}.${crypto.randomBytes(4).toString('hex')}.restoring`;
  fs.writeFileSync(temp, `${text}\n`, { mode: OWNER_ONLY });
  return { file, temp };
}

/** What a restore may have to tell the person besides that it worked. */
export const RESTORE_WARNINGS = {
  vapidKeysDiffer:
    'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set and differ from the backup\'s push keys: devices subscribed before the backup get no push notifications while they are. Unset both to use the restored DATA_DIR/vapid-keys.json.',
  noVapidKeys:
    'This backup holds no push keys (it was made by an older version of Drabble): devices subscribed before it get no push notifications until their owners turn them on again in Settings.',
} as const;

/**
 * Restores a backup into the database and storage `target` names (docs/decisions/0029):
 * 1. reads the manifest, and refuses a database that already holds accounts unless `force`;
 * 2. checks every entry against the manifest's size and sha256 before writing anything;
 * 3. in ONE transaction (both databases take schema changes in a transaction): drops the
 *    install's tables, migrates to exactly the backup's migrations, creates better-auth's
 *    tables, loads every table (values converted to this database's types), moves the
 *    live-event counter on and PostgreSQL's sequences past the restored ids, migrates the rest
 *    of the way, and writes the uploaded files to storage; only then commits. A failure at any
 *    step rolls everything back: the database is as it was;
 * 4. puts the backup's auth secret in DATA_DIR/auth-secret and its push keys in
 *    DATA_DIR/vapid-keys.json once the transaction committed (a new pair would leave every
 *    subscribed device unreachable).
 */
export async function restoreBackup(file: string, target: RestoreTarget, options: { force?: boolean } = {}): Promise<RestoreResult> {
  const started = Date.now();
  const { database, storage, config } = target;
  const { dialect } = database;
  let reader: ArchiveReader;
  try {
    reader = openArchive(file);
  } catch (err) {
    throw damaged(file, err instanceof ArchiveError ? err.message : String(err));
  }
  try {
    const manifest = await readManifest(file, reader);
    const dbQuery: Query = async (text, params = []) => (await database.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, [...params]))).rows;
    const accounts = await accountsIn(dbQuery, dialect);
    if (accounts > 0 && !options.force) {
      throw new RestoreRefused(`the database already holds ${accounts} account${accounts === 1 ? '' : 's'}; restoring replaces everything in it (run again with --force to do that). Nothing was changed.`);
    }
    await verifyEntries(file, reader, manifest);

    const entries = new Map(reader.entries.map((e) => [e.name, e]));
    const secretEntry = entries.get(manifest.authSecret.entry)!;
    const secret = (await readWhole(reader, secretEntry)).toString('utf8');
    const vapidKeys = manifest.vapidKeys ? parseVapidKeys((await readWhole(reader, entries.get(manifest.vapidKeys.entry)!)).toString('utf8')) : null;
    if (manifest.vapidKeys && !vapidKeys) throw damaged(file, `its ${manifest.vapidKeys.entry} holds no push key pair`);
    const warnings: string[] = [];
    const staged = await database.db.connection().execute(async (conn) => {
      const query: Query = async (text, params = []) => (await conn.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, [...params]))).rows;
      await query(dialect === 'postgres' ? 'begin' : 'begin immediate');
      const stagedFiles: Staged[] = [];
      try {
        // SQLite checks foreign keys at the commit instead of after each statement.
        if (dialect === 'sqlite') await query('pragma defer_foreign_keys = on');
        await dropEverything(query, dialect);
        await retryingCatalogRace(conn, dialect, () => migrateInTransaction(conn, providerFor(manifest.migrations)));
        await retryingCatalogRace(conn, dialect, () => migrateAuthTablesWithout({ config, db: conn, dialect, secret, logger: target.logger }));

        const catalog = new Map((await readCatalog(query, dialect)).map((t) => [t.name, t]));
        for (const table of manifest.tables) {
          if (!catalog.has(table.name)) throw new RestoreRefused(`the backup's table ${table.name} is unknown to this version of Drabble. Nothing was changed.`);
        }
        const order = loadOrder(manifest.tables, (name) => catalog.get(name)?.parents ?? []);
        // Rows the migrations seeded (greetings, the live-event counter) give way to the backup's.
        for (const table of [...order].reverse()) await query(`delete from ${quoteIdentifier(table.name)}`);
        await withoutSecondaryIndexes(query, dialect, order.map((t) => t.name), async () => {
          for (const table of order) await loadTable(conn, dialect, reader, entries.get(table.entry)!, table, catalog.get(table.name)!);
        });
        for (const table of manifest.tables) {
          const [row] = await query(`select count(*) as n from ${quoteIdentifier(table.name)}`);
          if (Number(row?.n) !== table.rows) throw new Error(`${table.name} holds ${String(row?.n)} rows after loading, the backup ${table.rows}`);
        }
        if (manifest.tables.some((t) => t.name === 'liveEventSeq')) {
          await query(`update "liveEventSeq" set last = last + ${LIVE_EVENT_ID_JUMP}`);
        }
        if (dialect === 'postgres') await resetSequences(query, [...catalog.values()]);
        await retryingCatalogRace(conn, dialect, () => migrateInTransaction(conn));
        // The storyTags rows' triggers counted each loaded row on top of the loaded counts: count again from the rows.
        await recountAllTags(conn);

        for (const f of manifest.files) await storage.put(f.key, await readWhole(reader, entries.get(f.entry)!), f.contentType);
        stagedFiles.push(stageDataFile(config.dataDir, 'auth-secret', secret));
        if (vapidKeys) stagedFiles.push(stageDataFile(config.dataDir, VAPID_KEYS_FILE, serializeVapidKeys(vapidKeys)));
        await query('commit');
        return stagedFiles;
      } catch (err) {
        await query('rollback').catch(() => undefined);
        for (const staged of stagedFiles) fs.rmSync(staged.temp, { force: true });
        throw err;
      }
    });
    for (const file of staged) fs.renameSync(file.temp, file.file);

    if (config.authSecret && config.authSecret !== secret) {
      warnings.push(
        'AUTH_SECRET is set and differs from the backup\'s secret: sessions and emailed links from before the backup will not work while it is. Unset it to use the restored DATA_DIR/auth-secret.',
      );
    }
    if (!vapidKeys) warnings.push(RESTORE_WARNINGS.noVapidKeys);
    else if (config.push.keys && (config.push.keys.publicKey !== vapidKeys.publicKey || config.push.keys.privateKey !== vapidKeys.privateKey)) {
      warnings.push(RESTORE_WARNINGS.vapidKeysDiffer);
    }
    if (manifest.missingFiles.length > 0) {
      warnings.push(`${manifest.missingFiles.length} uploaded file${manifest.missingFiles.length === 1 ? ' was' : 's were'} already missing from storage when the backup was taken.`);
    }
    return {
      manifest,
      tables: manifest.tables.map((t) => ({ name: t.name, rows: t.rows })),
      files: manifest.files.length,
      durationMs: Date.now() - started,
      warnings,
    };
  } finally {
    reader.close();
  }
}

export { NOT_CARRIED };
