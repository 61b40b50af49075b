import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server';

const run = promisify(execFile);

/**
 * A PostgreSQL server of a test's own, for tests that stop, restart or delay the database:
 * never the shared one on 5432, which other test files are using. `initdb` makes a cluster in
 * a temp directory (trust authentication, fsync off: it is thrown away), `pg_ctl` starts it
 * on a free port of 127.0.0.1 with its socket in that directory. PostgreSQL refuses to run as
 * root, so as root every command runs as the `postgres` user (runuser), which owns the
 * directory. The binaries are PostgreSQL's own (Debian: /usr/lib/postgresql/<version>/bin, or
 * PG_BIN). Without them the test is skipped, except under CI=true, where that is a failure.
 */
export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  start(): Promise<void>;
  /** 'fast' ends every session and shuts down cleanly (a restart); 'immediate' is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it (if running) and deletes its directory. */
  destroy(): Promise<void>;
}

/** The directory holding initdb and pg_ctl, or null when PostgreSQL's server programs are not installed. */
export function postgresBinaries(): string | null {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .filter((v) => /^\d+$/.test(v))
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : [];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')));
  if (!found && process.env.CI === 'true') {
    throw new Error('CI=true but PostgreSQL server programs (initdb, pg_ctl) are not installed: apt-get install postgresql, or set PG_BIN.');
  }
  return found ?? null;
}

export async function createPgCluster(bin = postgresBinaries()): Promise<PgCluster> {
  if (!bin) throw new Error('PostgreSQL server programs are not installed');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { cwd: dir }) : run(path.join(bin, program), args, { cwd: dir });

  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  let running = false;
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      try {
        await pg('pg_ctl', ['-D', data, '-o', options, '-l', logFile, '-w', '-t', '60', 'start']);
      } catch (err) {
        const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
        throw new Error(`pg_ctl start failed: ${(err as Error).message}\n${log}`);
      }
      running = true;
    },
    async stop(mode = 'fast') {
      await pg('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    async destroy() {
      if (running) await cluster.stop('immediate').catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
