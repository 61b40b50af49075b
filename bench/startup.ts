/**
 * Start-up cost of the production server (dist/server.js, what `npm start` runs): the time
 * from spawning the process to the first answered page, on a fresh data directory (the
 * migrations run) and on a restart, and the memory the process holds once it sits idle.
 *
 *   npm run bench:startup                      builds, then SQLite in a temporary DATA_DIR
 *   npm run bench:startup -- --postgres        PostgreSQL: a fresh database on TEST_DATABASE_URL's server, dropped at the end
 *   BENCH_RUNS=10 npm run bench:startup        more starts (default 5); the median is reported
 *
 * Targets: time to serve ≤ 1 s, idle memory ≤ 120 MiB. Not part of `npm test`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../server/test/server';
import { BENCH_POSTGRES_URL } from './postgres';
import { percentile } from './random';

const SERVER = fileURLToPath(new URL('../dist/server.js', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const IDLE_MS = 5_000;
const TARGET_SERVE_MS = 1_000;
const TARGET_IDLE_MIB = 120;
const usePostgres = process.argv.includes('--postgres');

const log = (line = '') => process.stdout.write(`${line}\n`);

interface Start {
  serveMs: number;
  idleMiB: number;
}

/** Resident memory of a process as the kernel counts it (what a host pays for). */
function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kib / 1024;
}

async function waitForPage(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function startOnce(env: Record<string, string>): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn', AUTH_SECRET: 'bench-secret-that-is-long-enough-0000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForPage(`http://localhost:${port}/`, child);
    const serveMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { serveMs, idleMiB: rssMiB(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

interface Target {
  label: string;
  /** A fresh, empty database each call. */
  fresh(): Promise<Record<string, string>>;
  cleanup(): Promise<void>;
}

function sqliteTarget(): Target {
  const dirs: string[] = [];
  return {
    label: 'SQLite',
    fresh: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-startup-'));
      dirs.push(dir);
      return { DATA_DIR: dir };
    },
    cleanup: async () => {
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresTarget(): Target {
  const url = new URL(BENCH_POSTGRES_URL);
  const databases: string[] = [];
  const admin = () => new pg.Client({ connectionString: url.toString() });
  return {
    label: 'PostgreSQL',
    fresh: async () => {
      const name = `bench_startup_${crypto.randomBytes(4).toString('hex')}`;
      const client = admin();
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      databases.push(name);
      const dbUrl = new URL(url);
      dbUrl.pathname = `/${name}`;
      return { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-startup-')), DATABASE_URL: dbUrl.toString() };
    },
    cleanup: async () => {
      const client = admin();
      await client.connect();
      for (const name of databases) await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function main(): Promise<void> {
  if (!fs.existsSync(SERVER)) throw new Error('dist/server.js is missing: run `npm run build` first (npm run bench:startup does).');
  const target = usePostgres ? postgresTarget() : sqliteTarget();
  const firstStarts: Start[] = [];
  const restarts: Start[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const env = await target.fresh();
      firstStarts.push(await startOnce(env));
      restarts.push(await startOnce(env));
    }
  } finally {
    await target.cleanup();
  }

  const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
  log(`Production server (node dist/server.js) on ${target.label}, ${RUNS} runs, medians:`);
  log(`  time to serve, first start (migrations): ${median(firstStarts.map((s) => s.serveMs)).toFixed(0)} ms`);
  log(`  time to serve, restart:                  ${median(restarts.map((s) => s.serveMs)).toFixed(0)} ms   (target ≤ ${TARGET_SERVE_MS} ms)`);
  log(`  idle memory ${IDLE_MS / 1000} s after start:           ${median(restarts.map((s) => s.idleMiB)).toFixed(1)} MiB RSS   (target ≤ ${TARGET_IDLE_MIB} MiB)`);
  log(`  (first start idle: ${median(firstStarts.map((s) => s.idleMiB)).toFixed(1)} MiB)`);
}

await main();
