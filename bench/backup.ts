/**
 * Backup and restore at the size the issue names: 10,000 writers (each with a better-auth user
 * and password) and 100,000 stories with their reactions and comments (bench/seed.ts's corpus),
 * in a fresh database through the real migrations. Times `createBackup` (the snapshot, every
 * table, the zip) and `restoreBackup` into a second, empty database (checksums, the one
 * transaction, the migrations), then checks every table's count came back.
 *
 *   npm run bench:backup                              SQLite (temporary DATA_DIRs)
 *   DATABASE_URL=postgres://… npm run bench:backup    PostgreSQL, in schemas of its own, dropped after
 *   npm run bench:backup -- --stories=20000 --writers=2000
 *
 * Targets: backup ≤ 30 s, restore ≤ 60 s on a 2-core machine. Not part of `npm test`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';
import pino from 'pino';
import { loadConfig } from '../server/config';
import { openSqlite, type DatabaseHandle } from '../server/db/database';
import { createContext } from '../server/server';
import { hashPassword } from '../server/auth/password';
import { createStorage } from '../server/storage';
import { createBackup } from '../server/ops/backup/backup';
import { restoreBackup } from '../server/ops/backup/restore';
import { formatBytes } from '../server/ops/backup/format';
import { postgresRows, seedCorpus, sqliteRows, type RowWriter } from './seed';
import { benchSchema } from './postgres';
import { seededRandom } from './random';

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = found ? Number(found.slice(name.length + 3).replaceAll('_', '')) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number`);
  return value;
};
const WRITERS = arg('writers', 10_000);
const STORIES = arg('stories', 100_000);
const TARGETS = { backupMs: 30_000, restoreMs: 60_000 };
const AUTH_SECRET = 'bench-secret-that-is-long-enough-000000';
const usePostgres = Boolean(process.env.DATABASE_URL);
const log = (line = '') => process.stdout.write(`${line}\n`);
const logger = pino({ level: 'silent' });

interface BenchDatabase {
  dataDir: string;
  handle: DatabaseHandle;
  writer: RowWriter;
  sqliteFile: string | null;
  drop(): Promise<void>;
}

async function benchDatabase(prefix: string): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `drabble-${prefix}-`));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (usePostgres) {
    const { handle, client, drop } = await benchSchema(prefix.replace(/-/g, '_'));
    return {
      dataDir,
      handle,
      writer: postgresRows(client),
      sqliteFile: null,
      drop: async () => {
        await handle.close();
        await drop();
        removeDir();
      },
    };
  }
  const sqliteFile = path.join(dataDir, 'drabble.sqlite');
  const handle = openSqlite(sqliteFile);
  let seeding: SqliteDatabase.Database | null = null;
  const connection = () => (seeding ??= new SqliteDatabase(sqliteFile));
  return {
    dataDir,
    handle,
    writer: { insert: (...args) => sqliteRows(connection()).insert(...args) },
    sqliteFile,
    drop: async () => {
      seeding?.close();
      await handle.close();
      removeDir();
    },
  };
}

/** Every writer an account of better-auth's, with one (shared) argon2 password hash. */
async function seedAccounts(writer: RowWriter, uids: string[]): Promise<void> {
  const hash = await hashPassword('bench password 1');
  const at = new Date().toISOString();
  const verified = usePostgres ? true : 1;
  for (let from = 0; from < uids.length; from += 5_000) {
    const slice = uids.slice(from, from + 5_000);
    await writer.insert(
      'authUsers',
      ['id', 'name', 'email', 'emailVerified', 'createdAt', 'updatedAt'],
      ['text', 'text', 'text', 'boolean', 'timestamptz', 'timestamptz'],
      slice.map((uid, i) => [uid, `Writer ${from + i}`, `writer${from + i}@bench.test`, verified, at, at]),
    );
    await writer.insert(
      'authAccounts',
      ['id', 'accountId', 'providerId', 'userId', 'password', 'createdAt', 'updatedAt'],
      ['text', 'text', 'text', 'text', 'text', 'timestamptz', 'timestamptz'],
      slice.map((uid) => [`acct-${uid}`, uid, 'credential', uid, hash, at, at]),
    );
  }
}

async function counts(handle: DatabaseHandle, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const row = await handle.db.selectFrom(table as 'users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

async function main() {
  log(`Backup and restore: ${WRITERS.toLocaleString('en-US')} writers, ${STORIES.toLocaleString('en-US')} stories on ${usePostgres ? 'PostgreSQL' : 'SQLite'}`);
  log(`load before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (${os.cpus().length} cores)`);
  const source = await benchDatabase('bench-backup');
  const target = await benchDatabase('bench-restore');
  const backupFile = path.join(source.dataDir, 'bench-backup.zip');
  try {
    const config = loadConfig({ DATA_DIR: source.dataDir, AUTH_SECRET, LOG_LEVEL: 'silent' });
    const ctx = await createContext(config, source.handle, logger);
    await ctx.bus.close();
    await ctx.mailer.close();

    let started = performance.now();
    const corpus = await seedCorpus(source.writer, { users: WRITERS, stories: STORIES, publicShare: 0.7, random: seededRandom(23) });
    await seedAccounts(source.writer, corpus.uids);
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    started = performance.now();
    const { bytes, manifest } = await createBackup(
      { dialect: source.handle.dialect, db: source.handle.db, sqliteFile: source.sqliteFile, storage: createStorage(config), authSecret: AUTH_SECRET, vapidKeys: ctx.vapid },
      backupFile,
    );
    const backupMs = performance.now() - started;
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    log(`backup:  ${(backupMs / 1000).toFixed(1)} s  (${rows.toLocaleString('en-US')} rows in ${manifest.tables.length} tables, ${formatBytes(bytes)})  target ≤ ${TARGETS.backupMs / 1000} s  ${backupMs <= TARGETS.backupMs ? 'ok' : 'MISSED'}`);

    const targetConfig = loadConfig({ DATA_DIR: target.dataDir, LOG_LEVEL: 'silent' });
    started = performance.now();
    await restoreBackup(backupFile, { config: targetConfig, database: target.handle, storage: createStorage(targetConfig), logger });
    const restoreMs = performance.now() - started;
    log(`restore: ${(restoreMs / 1000).toFixed(1)} s  target ≤ ${TARGETS.restoreMs / 1000} s  ${restoreMs <= TARGETS.restoreMs ? 'ok' : 'MISSED'}`);

    const names = manifest.tables.map((t) => t.name);
    const [before, after] = [await counts(source.handle, names), await counts(target.handle, names)];
    const differ = names.filter((name) => before[name] !== after[name]);
    if (differ.length > 0) throw new Error(`restored counts differ: ${differ.map((n) => `${n} ${before[n]} → ${after[n]}`).join(', ')}`);
    log(`every table's count came back (users ${after.users}, stories ${after.stories}, storyReactions ${after.storyReactions}, storyComments ${after.storyComments})`);
    log(`load after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    if (backupMs > TARGETS.backupMs || restoreMs > TARGETS.restoreMs) process.exitCode = 1;
  } finally {
    await source.drop();
    await target.drop();
  }
}

await main();
