/**
 * /feed at scale: seeds 50,000 writers and 1,000,000 stories (90% public) over a year, gives
 * three readers 10, 500 and 5,000 follows, starts the real server in-process and times
 * GET /api/feed (first and deep pages) and /api/feed/new-count over HTTP. Then it times the
 * two query plans side by side at several follow counts (where SCAN_FROM_FOLLOWS comes from)
 * and prints the query plans.
 *
 *   npm run bench:feed                       SQLite (a temporary file)
 *   npm run bench:feed -- --postgres         PostgreSQL: TEST_DATABASE_URL (or DATABASE_URL), in a schema of its own, dropped at the end
 *   BENCH_RUNS=500 npm run bench:feed        more requests per endpoint (default 200)
 *
 * Target: p95 under 50 ms for every reader. Not part of `npm test`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';
import pino from 'pino';
import { sql } from 'kysely';
import { loadConfig } from '../server/config';
import { openSqlite, type DatabaseHandle } from '../server/db/database';
import { startServer } from '../server/server';
import { TestClient } from '../server/test/client';
import { freePort } from '../server/test/server';
import { encodeCursor } from '../server/shared/cursor';
import { compileFeedKeys, compileRowsByIds, feedPageRows, SCAN_FROM_FOLLOWS, type FeedKey, type FeedStrategy } from '../server/features/feed/queries';
import { percentile, seededRandom } from './random';
import { postgresWriter, seedFollows, seedStories, seedUsers, sqliteWriter, YEAR_MS, type BulkWriter } from './feed-seed';
import { benchSchema } from './postgres';

const USERS = 50_000;
const STORIES = 1_000_000;
const PUBLIC_SHARE = 0.9;
const READERS = [10, 500, 5_000];
/** Follow counts at which both plans are timed against each other. */
const PROBES = [10, 100, 500, 1_000, 1_500, 2_000, 5_000];
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PROBE_RUNS = 40;
const TARGET_P95_MS = 50;
const usePostgres = process.argv.includes('--postgres');

const log = (line = '') => process.stdout.write(`${line}\n`);
const ms = (n: number) => `${n.toFixed(1).padStart(6)}ms`;

interface Bench {
  handle: DatabaseHandle;
  writer: BulkWriter;
  /** Before seeding: drop what only slows the bulk load (full-text search upkeep, which the feed never reads). */
  prepare(): Promise<void>;
  afterSeed(): Promise<void>;
  plan(compiled: { sql: string; parameters: readonly unknown[] }): Promise<string[]>;
  cleanup(): Promise<void>;
}

async function sqliteBench(dir: string): Promise<Bench> {
  const file = path.join(dir, 'drabble.sqlite');
  const handle = openSqlite(file);
  let sqlite: SqliteDatabase.Database | null = null;
  const raw = () => (sqlite ??= new SqliteDatabase(file));
  return {
    handle,
    writer: { insert: (...args) => sqliteWriter(raw()).insert(...args) },
    prepare: async () => {
      raw().pragma('journal_mode = WAL');
      raw().pragma('synchronous = OFF');
      for (const trigger of ['stories_fts_insert', 'stories_fts_delete', 'stories_fts_update']) raw().exec(`drop trigger if exists ${trigger}`);
    },
    afterSeed: async () => void raw().pragma('wal_checkpoint(TRUNCATE)'),
    plan: async ({ sql: text, parameters }) =>
      (raw().prepare(`explain query plan ${text}`).all(...parameters) as Array<{ detail: string }>).map((r) => r.detail),
    cleanup: async () => void sqlite?.close(),
  };
}

async function postgresBench(): Promise<Bench> {
  const { handle, client, drop } = await benchSchema('bench_feed');
  return {
    handle,
    writer: postgresWriter(client),
    prepare: async () => void (await client.query('drop index if exists stories_search')),
    // What autovacuum would do on a live install: statistics for the planner.
    afterSeed: async () => void (await client.query('vacuum analyze')),
    plan: async ({ sql: text, parameters }) => {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${text}`, [...parameters]);
      return rows.map((r) => r['QUERY PLAN']);
    },
    cleanup: drop,
  };
}

async function timeRequests(client: TestClient, target: () => string, runs: number): Promise<number[]> {
  for (let i = 0; i < 10; i++) await client.get(target());
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const url = target();
    const t = performance.now();
    const res = await client.get(url);
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return times.sort((a, b) => a - b);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-bench-feed-'));
  const bench = usePostgres ? await postgresBench() : await sqliteBench(dir);
  const port = await freePort();
  const config = loadConfig({ DATA_DIR: dir, PORT: String(port), AUTH_SECRET: 'bench-secret-that-is-long-enough-0000000', LOG_LEVEL: 'silent' });
  const server = await startServer({ config, database: bench.handle, webDir: null, logger: pino({ level: 'silent' }) });
  const db = server.ctx.db;
  try {
    const random = seededRandom(7);
    const start = Date.now() - YEAR_MS;
    const t = performance.now();
    await bench.prepare();
    const users = await seedUsers(bench.writer, USERS, random, start);
    await seedStories(bench.writer, users, STORIES, PUBLIC_SHARE, random, start);

    // Readers with sessions, for the HTTP timings; probe readers only for the direct query timings.
    const readers: Array<{ follows: number; uid: string; client: TestClient }> = [];
    for (const follows of READERS) {
      const client = new TestClient(server.url);
      const res = await client.post<{ user: { id: string } }>('/api/auth/sign-up/email', { email: `reader${follows}@bench.test`, password: 'bench password 1', name: `Reader ${follows}` });
      if (res.status !== 200) throw new Error(`sign-up failed: ${res.status}`);
      readers.push({ follows, uid: res.body.user.id, client });
    }
    const probes = PROBES.map((follows) => ({ follows, uid: `bench-user-${follows}` }));
    for (const { follows, uid } of [...readers, ...probes]) {
      await seedFollows(bench.writer, uid, users, follows, random);
      await db.updateTable('users').set({ followingCount: follows }).where('uid', '=', uid).execute();
    }
    await bench.afterSeed();
    log(`${usePostgres ? 'PostgreSQL' : 'SQLite'}: seeded ${USERS.toLocaleString('en-US')} writers, ${STORIES.toLocaleString('en-US')} stories ` +
      `(${PUBLIC_SHARE * 100}% public) in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const someTime = (withinMs: number) => new Date(Date.now() - random() * withinMs).toISOString();
    const deepCursor = () => encodeCursor({ k: 'feed', p: someTime(YEAR_MS), i: 'zzzzzzzzzzzzzzzzzzzz' });
    const recentCursor = () => encodeCursor({ k: 'feed', p: someTime(30 * 86_400_000), i: 'zzzzzzzzzzzzzzzzzzzz' });

    const [load] = os.loadavg();
    log(`\nHTTP timings over ${RUNS} requests each (sequential, after 10 warm-up requests); load average ${load!.toFixed(1)} on ${os.cpus().length} cores.`);
    log(`Plan by follow count: join below ${SCAN_FROM_FOLLOWS.toLocaleString('en-US')} follows, scan from there.\n`);
    log(`${'endpoint'.padEnd(44)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)}`);
    let failed = false;
    for (const reader of readers) {
      const endpoints = [
        { name: 'first page', path: () => '/api/feed' },
        { name: 'deep page', path: () => `/api/feed?cursor=${deepCursor()}` },
        { name: 'new-count (last 30 days)', path: () => `/api/feed/new-count?after=${recentCursor()}` },
      ];
      for (const endpoint of endpoints) {
        const times = await timeRequests(reader.client, endpoint.path, RUNS);
        const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p)) as [number, number, number];
        failed ||= p95 > TARGET_P95_MS;
        log(`${`${reader.follows.toLocaleString('en-US')} follows: ${endpoint.name}`.padEnd(44)} ${ms(p50)} ${ms(p95)} ${ms(p99)}`);
      }
    }

    log(`\nThe two plans side by side (the query alone, p50 / p95 over ${PROBE_RUNS} runs; first page | deep page):\n`);
    log(`${'follows'.padStart(8)} ${'join'.padStart(36)} ${'scan'.padStart(36)}`);
    const timeQuery = async (uid: string, strategy: FeedStrategy, before: () => FeedKey | null) => {
      const times: number[] = [];
      for (let i = 0; i < PROBE_RUNS + 5; i++) {
        const from = before();
        const t0 = performance.now();
        await feedPageRows(db, server.ctx.dialect, { uid, admin: false }, strategy, from, 20);
        if (i >= 5) times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      return `${percentile(times, 50).toFixed(1)}/${percentile(times, 95).toFixed(1)}`;
    };
    const deepKey = (): FeedKey => ({ k: 'feed', p: someTime(YEAR_MS), i: 'zzzzzzzzzzzzzzzzzzzz' });
    for (const probe of probes) {
      const cells = [];
      for (const strategy of ['join', 'scan'] as const) {
        cells.push(`${await timeQuery(probe.uid, strategy, () => null)} | ${await timeQuery(probe.uid, strategy, deepKey)} ms`);
      }
      log(`${probe.follows.toLocaleString('en-US').padStart(8)} ${cells[0]!.padStart(36)} ${cells[1]!.padStart(36)}`);
    }

    log(`\nQuery plans (${usePostgres ? 'EXPLAIN ANALYZE' : 'SQLite EXPLAIN QUERY PLAN'}):`);
    for (const [follows, strategy] of [[10, 'join'], [500, 'join'], [5_000, 'scan'], [10, 'scan'], [5_000, 'join']] as const) {
      const reader = readers.find((r) => r.follows === follows)!;
      const compiled = compileFeedKeys(db, server.ctx.dialect, { uid: reader.uid, admin: false }, strategy, deepKey(), 'older', 21);
      log(`\n${follows.toLocaleString('en-US')} follows, ${strategy}, deep page: the keys${strategy === (follows >= SCAN_FROM_FOLLOWS ? 'scan' : 'join') ? ' (the plan used)' : ' (for comparison)'}`);
      for (const line of await bench.plan(compiled)) log(`  ${line}`);
    }
    const ids = (await sql<{ id: string }>`select id from stories where public = 1 limit 20`.execute(db)).rows.map((r) => r.id);
    log('\nThen the rows of the page, by id:');
    for (const line of await bench.plan(compileRowsByIds(db, { uid: readers[0]!.uid, admin: false }, ids))) log(`  ${line}`);
    // The read of the marker and of followingCount ride on primary keys; shown for completeness.
    const counts = await sql<{ n: number }>`select count(*) as n from stories where public = 1`.execute(db);
    log(`\n${Number(counts.rows[0]?.n).toLocaleString('en-US')} public stories.`);

    log(failed ? `\nFAIL: some p95 is above ${TARGET_P95_MS} ms` : `\nOK: every p95 is under ${TARGET_P95_MS} ms`);
    process.exitCode = failed ? 1 : 0;
  } finally {
    await server.close();
    await bench.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
