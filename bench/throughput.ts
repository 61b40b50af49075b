/**
 * Request throughput of the community list against a raw `node:http` hello-world,
 * and on PostgreSQL against SQLite. For each database it seeds a temporary one
 * (2,000 public stories by 200 writers), signs a reader up through the API for a real session
 * cookie, and starts the Drabble server in a child process of its own exactly as production
 * runs it (`node dist/server.js`, built by `npm run build`, which `npm run bench:throughput`
 * runs first); the hello-world runs in another. Then autocannon, in this process, measures in
 * interleaved rounds (hello-world, then each list on each server), so whatever else shares
 * the machine weighs on all alike.
 *
 *   npm run bench:throughput                              SQLite in a temporary DATA_DIR
 *   DATABASE_URL=postgres://… npm run bench:throughput    and PostgreSQL beside it, in a schema of its own, dropped after
 *   BENCH_ROUNDS=3 BENCH_SECONDS=5 BENCH_CONNECTIONS=50 npm run bench:throughput
 *   BENCH_CPU_PROF=/tmp/prof npm run bench:throughput     and a CPU profile of each server (node --cpu-prof)
 *   BENCH_ONLY=guest npm run bench:throughput             hello-world and the lists named (guest, signedIn, guestMetrics,
 *                                                         signedInMetrics, pgGuest, pgSignedIn): a profile of one path
 *
 * Every request sends `accept-encoding: gzip` as a browser would (the list goes out gzipped).
 * The shares depend on how busy the machine is (on 2 cores, hello-world is held back by the
 * load tool when both compete), so each server's CPU time per request is printed too.
 * A non-2xx answer makes the run fail: a 401 or 429 would be counted as a fast request.
 * Targets: on SQLite guest ≥ 40 %, signed-in ≥ 20 % of hello-world's requests/s; on
 * PostgreSQL guest ≥ 60 %, signed-in ≥ 50 % of SQLite's in the same rounds. Not part of `npm test`.
 *
 * What metrics cost: a second Drabble process on the SQLite data runs with
 * METRICS_TOKEN set (GET /metrics on, every request counted and timed), measured in the same
 * rounds; the cost is its requests/s below the first's, per round (target: under 5 %).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { countChars, countWords, storyPreview } from '@common/stories/words';
import { ACCENT_COLORS } from '@common/me/theme';
import { PROFILE_ICONS } from '@common/profile/icons';
import { migrateToLatest, openPostgres, openSqlite, type DatabaseHandle } from '../server/db/database';
import type { Database } from '../server/db/types';
import { buildStoryInput } from '../server/features/stories/test-support-builders';
import { newId } from '../server/shared/ids';
import { TestClient } from '../server/test/client';
import { freePort } from '../server/test/server';
import { seededRandom } from './random';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = 3;
const WRITERS = 200;
const STORIES = 2_000;
/** SQLite against hello-world; PostgreSQL against SQLite in the same rounds. */
const TARGETS = { guest: 40, signedIn: 20, postgresGuest: 60, postgresSignedIn: 50 };
/** Metrics may cost at most this share of requests/s. */
const METRICS_COST_TARGET = 5;
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const AUTH_SECRET = 'bench-secret-that-is-long-enough-000000';
const ROOT = path.resolve(import.meta.dirname, '..');
const COMPILED_MAIN = path.join(ROOT, 'dist/server.js');

const log = (line = '') => process.stdout.write(`${line}\n`);

/* ---------------------------------------------------------------- the data */

/** Where the server's data lives: a temporary DATA_DIR, and on PostgreSQL a schema of its own. */
interface BenchDatabase {
  dataDir: string;
  /** DATABASE_URL for the server, or undefined for SQLite in DATA_DIR. */
  url: string | undefined;
  open(): DatabaseHandle;
  drop(): Promise<void>;
}

async function benchDatabase(postgresUrl: string | undefined): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-throughput-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const base = postgresUrl;
  if (!base) return { dataDir, url: undefined, open: () => openSqlite(path.join(dataDir, 'drabble.sqlite')), drop: async () => removeDir() };
  const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create schema ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    dataDir,
    url: url.toString(),
    open: () => openPostgres(base, schema),
    drop: async () => {
      await admin(`drop schema if exists ${schema} cascade`);
      removeDir();
    },
  };
}

/** Writers and their public stories, written as the app would have (columns the app keeps, counts that match). */
async function seedCommunity(db: Kysely<Database>): Promise<void> {
  const random = seededRandom(13);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const start = Date.now() - 365 * 86_400_000;
  const writers = Array.from({ length: WRITERS }, (_, i) => ({
    uid: `bench-writer-${i}`,
    displayName: `Writer ${i}`,
    profileIcon: pick(PROFILE_ICONS),
    colorTheme: pick(ACCENT_COLORS),
  }));
  const joined = new Date(start).toISOString();
  await db
    .insertInto('users')
    .values(
      writers.map((w, i) => ({
        uid: w.uid, handle: `writer_${i}`, name: w.displayName, email: `writer${i}@bench.test`, first: 'Writer', last: String(i), created_at: joined, lastActive: joined,
        profileIcon: w.profileIcon, colorTheme: w.colorTheme, themeMode: null, admin: 0, profileImage: null, displayName: w.displayName, darkMode: null,
      })),
    )
    .execute();
  const step = (365 * 86_400_000) / STORIES;
  const batch = 250;
  for (let from = 0; from < STORIES; from += batch) {
    const rows = Array.from({ length: Math.min(batch, STORIES - from) }, (_, k) => {
      const author = pick(writers);
      const input = buildStoryInput({ public: true }, random);
      const at = new Date(start + (from + k) * step).toISOString();
      return {
        id: newId(), uid: author.uid, title: input.title, content: input.content, public: 1 as const,
        wordCount: countWords(input.content), charCount: countChars(input.content), preview: storyPreview(input.content),
        likesCount: Math.floor(random() ** 3 * 40), commentsCount: random() < 0.25 ? 1 + Math.floor(random() * 5) : 0, viewsCount: Math.floor(random() * 200),
        created_at: at, updated_at: at, madePublicAt: at, publishedAt: at, madePrivateAt: null,
        promptGenre: input.prompt?.genre ?? null, promptTheme: input.prompt?.theme ?? null, promptTwist: input.prompt?.twist ?? null,
        authorDisplayName: author.displayName, authorProfileIcon: author.profileIcon, authorProfileColor: author.colorTheme, authorProfileImage: null,
      };
    });
    await db.insertInto('stories').values(rows).execute();
  }
  // Fresh statistics, as the maintenance task keeps them on a running install.
  await sql`analyze`.execute(db);
}

/* ---------------------------------------------------------------- the servers */

interface Child {
  name: string;
  url: string;
  process: ChildProcess;
}

const HELLO_WORLD = `
const http = require('node:http');
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('hello world');
}).listen(Number(process.env.PORT), '127.0.0.1');
// A normal exit, so that --cpu-prof writes its profile.
process.on('SIGTERM', () => process.exit(0));
`;

async function waitUntilUp(url: string, child: ChildProcess, name: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    const up = await fetch(url).then((r) => r.ok, () => false);
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not answer ${url} within a minute`);
}

function withoutDatabase(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DATABASE_LISTEN_URL: _listen, ...rest } = env;
  return rest;
}

async function startChild(name: string, args: string[], env: Record<string, string>, probePath: string): Promise<Child> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // The database is the install's own: never one the bench itself was pointed at.
    env: { ...withoutDatabase(process.env), ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${url}${probePath}`, child, name);
  return { name, url, process: child };
}

function stopChild(child: Child): Promise<void> {
  if (child.process.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.process.once('exit', () => resolve());
    child.process.kill('SIGTERM');
  });
}

/* ---------------------------------------------------------------- the load */

interface Measure {
  reqPerSec: number;
  /** The server process's CPU time per request (user + system), where /proc tells it. */
  cpuMicros: number | null;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** CPU milliseconds a process has used (Linux /proc; null elsewhere). */
function cpuMillis(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function load(url: string, headers: Record<string, string>, seconds: number, pid?: number): Promise<Measure> {
  const before = cpuMillis(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration: seconds, headers });
  const after = cpuMillis(pid);
  return {
    cpuMicros: before === null || after === null ? null : ((after - before) * 1000) / result.requests.total,
    reqPerSec: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The bytes of one answer as sent (compressed when it is), headers left out. */
function wireBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One install measured: its database, its server (and on SQLite a second one with metrics on), a reader's cookie. */
interface Install {
  name: 'SQLite' | 'PostgreSQL';
  database: BenchDatabase;
  drabble: Child;
  metrics: Child | null;
  cookie: string;
}

async function startInstall(name: Install['name'], postgresUrl: string | undefined, withMetrics: boolean, children: Child[], databases: BenchDatabase[]): Promise<Install> {
  const database = await benchDatabase(postgresUrl);
  databases.push(database);
  const handle = database.open();
  await migrateToLatest(handle.db);
  await seedCommunity(handle.db);
  await handle.close();
  const env = { DATA_DIR: database.dataDir, AUTH_SECRET, LOG_LEVEL: 'silent', NODE_ENV: 'production', ...(database.url ? { DATABASE_URL: database.url } : {}) };
  const drabble = await startChild(`drabble on ${name}`, [...profiled(name), COMPILED_MAIN], env, '/api/health');
  children.push(drabble);
  let metrics: Child | null = null;
  if (withMetrics) {
    metrics = await startChild(`drabble with metrics on ${name}`, [COMPILED_MAIN], { ...env, METRICS_TOKEN }, '/api/health');
    children.push(metrics);
    const scrape = await fetch(`${metrics.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    if (scrape.status !== 200 || !(await scrape.text()).includes('drabble_http_requests_total')) throw new Error(`metrics are not on: GET /metrics answered ${scrape.status}`);
  }
  // A real session, through the API: sign-up sets the cookie as it would in a browser.
  const writer = new TestClient(`http://localhost:${new URL(drabble.url).port}`);
  const signUp = await writer.post('/api/auth/sign-up/email', { email: 'bench.reader@bench.test', password: 'bench password 1', name: 'Bench Reader' });
  if (signUp.status !== 200) throw new Error(`sign-up failed on ${name}: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  const cookie = writer.cookieHeader;
  const me = await fetch(`${drabble.url}/api/me`, { headers: { cookie } });
  if (me.status !== 200) throw new Error(`the session cookie does not sign in on ${name}: /api/me answered ${me.status}`);
  return { name, database, drabble, metrics, cookie };
}

/** BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (node --cpu-prof). */
function profiled(name: string): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`, `--cpu-prof-name=${name}-${process.pid}.cpuprofile`] : [];
}

interface Target {
  key: string;
  label: string;
  url: string;
  headers: Record<string, string>;
  pid: number | undefined;
}

async function main(): Promise<void> {
  const postgresUrl = process.env.DATABASE_URL;
  const children: Child[] = [];
  const databases: BenchDatabase[] = [];
  try {
    if (!fs.existsSync(COMPILED_MAIN)) throw new Error('dist/server.js is missing: run `npm run build` first (npm run bench:throughput does).');
    const sqlite = await startInstall('SQLite', undefined, true, children, databases);
    const postgres = postgresUrl ? await startInstall('PostgreSQL', postgresUrl, false, children, databases) : null;
    const helloWorld = await startChild('hello-world', [...profiled('hello-world'), '-e', HELLO_WORLD], {}, '/');
    children.push(helloWorld);

    const gzip = { 'accept-encoding': 'gzip' };
    const list = (child: Child) => `${child.url}/api/stories/community`;
    const targets: Target[] = [
      { key: 'helloWorld', label: 'hello-world (node:http)', url: `${helloWorld.url}/`, headers: gzip, pid: helloWorld.process.pid },
      { key: 'guest', label: 'guest list, SQLite', url: list(sqlite.drabble), headers: gzip, pid: sqlite.drabble.process.pid },
      { key: 'guestMetrics', label: 'guest list, metrics on', url: list(sqlite.metrics!), headers: gzip, pid: sqlite.metrics!.process.pid },
      { key: 'signedIn', label: 'signed-in list, SQLite', url: list(sqlite.drabble), headers: { ...gzip, cookie: sqlite.cookie }, pid: sqlite.drabble.process.pid },
      { key: 'signedInMetrics', label: 'signed-in list, metrics on', url: list(sqlite.metrics!), headers: { ...gzip, cookie: sqlite.cookie }, pid: sqlite.metrics!.process.pid },
      ...(postgres
        ? [
            { key: 'pgGuest', label: 'guest list, PostgreSQL', url: list(postgres.drabble), headers: gzip, pid: postgres.drabble.process.pid },
            { key: 'pgSignedIn', label: 'signed-in list, PostgreSQL', url: list(postgres.drabble), headers: { ...gzip, cookie: postgres.cookie }, pid: postgres.drabble.process.pid },
          ]
        : []),
    ];
    // BENCH_ONLY: hello-world and the lists named, so a CPU profile shows one path alone.
    const only = process.env.BENCH_ONLY?.split(',').map((key) => key.trim());
    if (only) targets.splice(0, targets.length, ...targets.filter((t) => t.key === 'helloWorld' || only.includes(t.key)));
    const measured = (key: string) => targets.some((t) => t.key === key);
    const byKey = (key: string) => targets.find((t) => t.key === key)!;
    // Metrics off and on, and SQLite and PostgreSQL, are measured back to back, the one first in
    // odd rounds and the other first in even ones, so a drift in the machine's load weighs on both alike.
    const pairs = [['guest', 'guestMetrics'], ['signedIn', 'signedInMetrics'], ...(postgres ? [['guest', 'pgGuest'], ['signedIn', 'pgSignedIn']] : [])];
    const roundOrder = (round: number): Target[] => {
      const order = ['helloWorld'];
      for (const [a, b] of pairs) for (const key of round % 2 === 1 ? [a!, b!] : [b!, a!]) if (measured(key) && !order.includes(key)) order.push(key);
      return order.map(byKey);
    };

    // The answers are what a browser would get: a full page, and the signed-in one is the reader's.
    for (const target of targets.slice(1)) {
      const res = await fetch(target.url, { headers: target.headers });
      const body = (await res.json()) as { stories?: unknown[] };
      if (res.status !== 200 || body.stories?.length !== 20) throw new Error(`${target.label}: ${res.status}, ${body.stories?.length ?? 0} stories: ${JSON.stringify(body).slice(0, 300)} ${target.url}`);
    }

    log(`Answers on the wire (gzip): ${(await Promise.all(targets.map(async (t) => `${t.key} ${await wireBytes(t.url, t.headers)} B`))).join(', ')}`);
    log(`Drabble: node dist/server.js on ${postgres ? 'SQLite and PostgreSQL side by side' : 'SQLite (set DATABASE_URL=postgres://… to measure PostgreSQL beside it)'}, ${STORIES} public stories by ${WRITERS} writers each`);
    log(`autocannon: ${CONNECTIONS} connections, pipelining 1, ${SECONDS} s per measure, ${ROUNDS} interleaved rounds after a ${WARMUP_SECONDS} s warm-up of each; load ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`);
    for (const target of targets) await load(target.url, target.headers, WARMUP_SECONDS);

    const results = new Map<string, Measure[]>(targets.map((t) => [t.key, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const target of roundOrder(round)) {
        const m = await load(target.url, target.headers, SECONDS, target.pid);
        results.get(target.key)!.push(m);
        const cpu = m.cpuMicros === null ? '' : `  server CPU ${m.cpuMicros.toFixed(1).padStart(5)} µs/req`;
        log(`  round ${round}  ${target.label.padEnd(27)} ${m.reqPerSec.toFixed(0).padStart(7)} req/s  p50 ${String(m.p50).padStart(3)} ms  p99 ${String(m.p99).padStart(4)} ms  non-2xx ${m.non2xx}  errors ${m.errors}${cpu}`);
      }
    }

    // Each round's share is taken against the other measure of the same round: the machine's
    // load drifts between rounds, the ratio within one round much less.
    const rates = (key: string) => results.get(key)!.map((m) => m.reqPerSec);
    const shares = (key: string, of: string) => rates(key).map((r, i) => (r / rates(of)[i]!) * 100);
    const bad = [...results.values()].flat().reduce((sum, m) => sum + m.non2xx + m.errors, 0);
    log();
    log(`Median of ${ROUNDS} rounds (load now ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}): hello-world ${median(rates('helloWorld')).toFixed(0)} req/s`);
    let met = bad === 0;
    const ratios: Array<[string, string, string, number]> = [
      ['guest', 'helloWorld', 'SQLite guest list / hello-world', TARGETS.guest],
      ['signedIn', 'helloWorld', 'SQLite signed-in list / hello-world', TARGETS.signedIn],
      ...(postgres
        ? ([
            ['pgGuest', 'guest', 'PostgreSQL guest list / SQLite', TARGETS.postgresGuest],
            ['pgSignedIn', 'signedIn', 'PostgreSQL signed-in list / SQLite', TARGETS.postgresSignedIn],
          ] as Array<[string, string, string, number]>)
        : []),
    ];
    for (const [key, of, label, target] of ratios) {
      if (!measured(key) || !measured(of)) continue;
      const share = median(shares(key, of));
      const ok = share >= target;
      met &&= ok;
      log(`  ${label.padEnd(36)} ${median(rates(key)).toFixed(0).padStart(7)} req/s, ${share.toFixed(1)} % (per-round ${shares(key, of).map((x) => x.toFixed(1)).join(', ')}; target ≥ ${target} %) ${ok ? 'met' : 'NOT met'}`);
    }
    // CPU per request does not depend on what else runs: the ratio the shares tend to once the
    // load tool has a core of its own.
    const cpus = (key: string) => results.get(key)!.map((m) => m.cpuMicros).filter((v): v is number => v !== null);
    if (cpus('helloWorld').length > 0) {
      const cpuOf = (key: string) => (measured(key) ? `${median(cpus(key)).toFixed(1)} µs` : 'not measured');
      log(`  server CPU per request (median): hello-world ${cpuOf('helloWorld')}; SQLite guest ${cpuOf('guest')}, signed in ${cpuOf('signedIn')}${postgres ? `; PostgreSQL guest ${cpuOf('pgGuest')}, signed in ${cpuOf('pgSignedIn')} (Drabble's process only, not PostgreSQL's)` : ''}`);
    }
    // Metrics on against off, round by round (each pair measured moments apart).
    for (const [off, on, label] of [['guest', 'guestMetrics', 'guest list'], ['signedIn', 'signedInMetrics', 'signed-in list']] as const) {
      if (!measured(off) || !measured(on)) continue;
      const costs = rates(off).map((r, i) => ((r - rates(on)[i]!) / r) * 100);
      const cost = median(costs);
      const ok = cost < METRICS_COST_TARGET;
      met &&= ok;
      const cpu = cpus(off).length > 0 ? `; server CPU ${median(cpus(off)).toFixed(1)} → ${median(cpus(on)).toFixed(1)} µs/req (${(((median(cpus(on)) - median(cpus(off))) / median(cpus(off))) * 100).toFixed(1)} %)` : '';
      log(`  metrics cost (SQLite), ${label.padEnd(15)} ${cost.toFixed(1)} % fewer req/s with METRICS_TOKEN set (per-round ${costs.map((x) => x.toFixed(1)).join(', ')}; target < ${METRICS_COST_TARGET} %)${cpu} ${ok ? 'met' : 'NOT met'}`);
    }
    if (bad > 0) log(`  ${bad} non-2xx answers or errors: the figures above do not count`);
    process.exitCode = met ? 0 : 1;
  } finally {
    for (const child of children) await stopChild(child);
    for (const database of databases) await database.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
