import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureDebianPackage, setIniValues, systemUser } from './debian';
import { freePort } from './server';
import { supervise, waitUntilReady } from './supervised';

/** The configuration a real install uses too (README "Running several instances"). */
export const PGBOUNCER_INI = fileURLToPath(new URL('../../deploy/pgbouncer.ini', import.meta.url));
const PGBOUNCER = '/usr/sbin/pgbouncer';
const START_TIMEOUT_MS = 20_000;

export interface PgBouncerOptions {
  /** The PostgreSQL server behind it, e.g. postgres://postgres@127.0.0.1:5432/test. */
  targetUrl: string;
  /** Where it listens on 127.0.0.1; a free port when omitted. */
  port?: number;
  /** Server connections per database and user (default_pool_size), shared by all its clients. */
  poolSize?: number;
}

export interface RunningPgBouncer {
  /** targetUrl with PgBouncer's host and port: the same user and database, through the pooler. */
  url: string;
  port: number;
  /** What it logged (errors, warnings): for a failure's message. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * A real PgBouncer (Debian package `pgbouncer`, installed when missing) from deploy/pgbouncer.ini,
 * in transaction pooling mode, in front of `targetUrl`'s server. Any database name maps through
 * to the same name there (`*` fallback), so tests that create a database of their own reach it
 * at once. Clients are trusted (it listens on 127.0.0.1 only); it logs in to PostgreSQL as the
 * URL's user with the URL's password. It refuses to run as root, so as root it runs as the
 * `postgres` user (which owns its temp directory). Resolves once it answers a query.
 */
export async function startPgBouncer(options: PgBouncerOptions): Promise<RunningPgBouncer> {
  const binary = await ensureDebianPackage('pgbouncer', PGBOUNCER);
  const target = new URL(options.targetUrl);
  const port = options.port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-pgbouncer-'));
  const user = decodeURIComponent(target.username || 'postgres');
  const password = decodeURIComponent(target.password);
  const quoted = (v: string) => `"${v.replace(/"/g, '""')}"`;
  fs.writeFileSync(path.join(dir, 'userlist.txt'), `${quoted(user)} ${quoted(password)}\n`, { mode: 0o600 });
  const ini = setIniValues(fs.readFileSync(PGBOUNCER_INI, 'utf8'), {
    databases: { '*': `host=${target.hostname} port=${target.port || '5432'} connect_query='SET statement_timeout = 30000'` },
    pgbouncer: {
      listen_addr: '127.0.0.1',
      listen_port: String(port),
      unix_socket_dir: '',
      auth_type: 'trust',
      auth_file: path.join(dir, 'userlist.txt'),
      ...(options.poolSize ? { default_pool_size: String(options.poolSize) } : {}),
      // In the foreground, to stderr (captured below); no pidfile to clash with another one.
      logfile: '',
      pidfile: '',
      admin_users: user,
    },
  });
  const configFile = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(configFile, ini);

  // Started directly as that user (not through runuser), so that signals reach PgBouncer itself.
  const owner = process.getuid?.() === 0 ? await systemUser('postgres') : null;
  if (owner) for (const file of [dir, configFile, path.join(dir, 'userlist.txt')]) fs.chownSync(file, owner.uid, owner.gid);
  const server = supervise(binary, [configFile], { cwd: dir, ...(owner ?? {}) });

  const url = new URL(options.targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  const stop = async () => {
    // SIGINT: a safe shutdown once the transactions under way are done; SIGTERM (immediate)
    // if a client keeps one open, SIGKILL if even that lingers.
    await server.stop(['SIGINT', 'SIGTERM', 'SIGKILL'], 3000);
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(server, () => answers(url.toString()), START_TIMEOUT_MS);
  } catch (err) {
    await stop();
    throw new Error(`PgBouncer did not start: ${(err as Error).message}\n${server.output().slice(-2000)}`);
  }
  return { url: url.toString(), port, log: server.output, stop };
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } finally {
    await client.end().catch(() => {});
  }
}
