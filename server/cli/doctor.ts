import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig, type AppConfig } from '../config';
import { safeAddress } from '../startup-summary';
import { migrationState, type DatabaseHandle } from '../db/database';
import { openDatabase } from '../server';
import { S3Storage } from '../storage/s3';

/*
 * `npx drabble doctor`: what a host checks before blaming the app. Every check only reads;
 * none creates, migrates or sends anything, so it is safe against a running install.
 */

export interface CheckResult {
  /** ok ✓, failed ✗, skipped – (not configured, or a check it needs failed). */
  status: 'ok' | 'failed' | 'skipped';
  name: string;
  detail: string;
}

const ok = (name: string, detail: string): CheckResult => ({ status: 'ok', name, detail });
const failed = (name: string, detail: string): CheckResult => ({ status: 'failed', name, detail });
const skipped = (name: string, detail: string): CheckResult => ({ status: 'skipped', name, detail });

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]!;

/** How long the SMTP check waits for the connection, the greeting and each reply. */
const SMTP_TIMEOUT_MS = 10_000;


export function formatBytes(bytes: number): string {
  const mib = bytes / 1024 ** 2;
  return mib >= 1024 ? `${(mib / 1024).toFixed(1)} GiB` : `${Math.floor(mib)} MiB`;
}

function describeConfig(config: AppConfig): string {
  const database = config.database.kind === 'postgres' ? `PostgreSQL at ${safeAddress(config.database.url)}` : 'SQLite';
  const storage = config.storage.driver === 's3' ? `S3 bucket ${config.storage.bucket}` : 'uploads on local disk';
  const mail = config.mail.smtpUrl ? `SMTP ${safeAddress(config.mail.smtpUrl)}` : 'no SMTP';
  return `${database}, ${storage}, ${mail}, DATA_DIR ${path.resolve(config.dataDir)}, public URL ${config.publicUrl}`;
}

export async function checkDatabase(config: AppConfig): Promise<{ result: CheckResult; handle: DatabaseHandle | null }> {
  const name = 'database';
  if (config.database.kind === 'sqlite') {
    const file = path.resolve(config.dataDir, config.database.file);
    // Opening a missing file would create an empty database: the doctor only looks.
    if (!fs.existsSync(file)) return { result: failed(name, `no SQLite database at ${file} (the server creates it when it first starts)`), handle: null };
  }
  let handle: DatabaseHandle | null = null;
  try {
    handle = openDatabase(config);
    if (config.database.kind === 'postgres') {
      const { rows } = await sql<{ server_version: string }>`show server_version`.execute(handle.db);
      return { result: ok(name, `PostgreSQL ${rows[0]?.server_version ?? ''} at ${safeAddress(config.database.url)} answers`), handle };
    }
    await handle.ping();
    return { result: ok(name, `SQLite at ${path.resolve(config.dataDir, config.database.file)} opens`), handle };
  } catch (err) {
    await handle?.close().catch(() => {});
    const where = config.database.kind === 'postgres' ? `PostgreSQL at ${safeAddress(config.database.url)}` : 'SQLite';
    return { result: failed(name, `${where} cannot be reached: ${message(err)}`), handle: null };
  }
}

export async function checkMigrations(handle: DatabaseHandle | null): Promise<CheckResult> {
  const name = 'migrations';
  if (!handle) return skipped(name, 'not checked (no database)');
  try {
    const { known, pending } = await migrationState(handle.db);
    if (pending.length === 0) return ok(name, `all ${known} applied`);
    if (pending.length === known) return failed(name, `none of ${known} applied: this database is new (the server sets it up when it first starts)`);
    return failed(name, `${pending.length} of ${known} pending (${pending.join(', ')}): the server applies them when it starts, so restart it`);
  } catch (err) {
    return failed(name, `cannot be read: ${message(err)}`);
  }
}

export async function checkDisk(config: AppConfig, minFreeBytes: number): Promise<CheckResult> {
  const name = 'disk';
  const dir = path.resolve(config.dataDir);
  try {
    await fs.promises.access(dir, fs.constants.W_OK);
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    return failed(name, missing ? `DATA_DIR ${dir} does not exist` : `DATA_DIR ${dir} is not writable by this user`);
  }
  const stats = await fs.promises.statfs(dir);
  const free = Number(stats.bavail) * Number(stats.bsize);
  if (free < minFreeBytes) return failed(name, `only ${formatBytes(free)} free in ${dir} (want at least ${formatBytes(minFreeBytes)})`);
  return ok(name, `${formatBytes(free)} free in ${dir}`);
}

/** A key no upload has (uploads are profileImages/{uid}): reading it changes nothing. */
const STORAGE_PROBE_KEY = 'drabble-doctor/probe';

/**
 * With STORAGE_DRIVER=s3, one signed GET of a key that is not there: S3 answers "no such key"
 * only when the endpoint is reachable, the key pair's signature holds and the bucket exists.
 * Writing is not tried (the doctor changes nothing). Local uploads live in DATA_DIR, which
 * the disk check covers.
 */
export async function checkStorage(config: AppConfig): Promise<CheckResult> {
  const name = 'storage';
  if (config.storage.driver !== 's3') return skipped(name, 'uploads on local disk in DATA_DIR (see disk)');
  const where = `S3 bucket ${config.storage.bucket} at ${safeAddress(config.storage.endpoint)}`;
  try {
    await new S3Storage(config.storage).get(STORAGE_PROBE_KEY);
    return ok(name, `${where} answers a signed read (writing not tried)`);
  } catch (err) {
    return failed(name, `${where}: ${message(err)}`);
  }
}

/** Connects, reads the greeting, says EHLO (and logs in when the URL has a user), then QUITs: nodemailer's verify. */
export async function checkSmtp(config: AppConfig): Promise<CheckResult> {
  const name = 'SMTP';
  const url = config.mail.smtpUrl;
  if (!url) return skipped(name, 'SMTP_URL not set: emails are written to the server log instead');
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({ url, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS });
  try {
    await transport.verify();
    return ok(name, `${safeAddress(url)} accepts connections`);
  } catch (err) {
    return failed(name, `${safeAddress(url)}: ${message(err)}`);
  } finally {
    transport.close();
  }
}

export interface DoctorOptions {
  minFreeBytes: number;
}

/**
 * Runs every check in order, handing each result to `report` as it comes. The configuration
 * comes first: without a valid one nothing else can be known.
 */
export async function runChecks(env: NodeJS.ProcessEnv, options: DoctorOptions, report: (result: CheckResult) => void): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const emit = (result: CheckResult) => {
    results.push(result);
    report(result);
  };
  let config: AppConfig;
  try {
    config = loadConfig(env);
    emit(ok('configuration', describeConfig(config)));
  } catch (err) {
    emit(failed('configuration', message(err)));
    for (const name of ['database', 'migrations', 'disk', 'storage', 'SMTP']) emit(skipped(name, 'not checked (the configuration is invalid)'));
    return results;
  }
  const { result, handle } = await checkDatabase(config);
  emit(result);
  try {
    emit(await checkMigrations(handle));
  } finally {
    await handle?.close();
  }
  emit(await checkDisk(config, options.minFreeBytes));
  emit(await checkStorage(config));
  emit(await checkSmtp(config));
  return results;
}
