/**
 * Story lists, search and story pages at scale: seeds writers (one per ten stories),
 * stories, reactions and comments into a fresh database through the real migrations,
 * gathers planner statistics as the maintenance task does, starts the real server
 * in-process and times the HTTP endpoints a reader hits, search above all: common, medium
 * and rare words, prefixes, several words, both sorts, the first page and a deep one.
 * Then it prints the query plans behind them.
 *
 *   npm run bench                             SQLite (a temporary file), 100,000 stories
 *   npm run bench -- --postgres               PostgreSQL: TEST_DATABASE_URL (or DATABASE_URL), in a schema of its own, dropped at the end
 *   npm run bench -- --stories=10000          another size, to see whether search stays flat
 *   BENCH_RUNS=500 npm run bench              more requests per case (default 200)
 *   BENCH_KEEP=1 npm run bench                keep the seeded SQLite database to study it
 *   npm run bench -- --only=tags              only the cases of one group (list, tags, story, search …)
 *
 * Target: p95 at most 50 ms for every case, at 10,000 stories as at 100,000.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';
import pino from 'pino';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { tagKey } from '@common/tags/tags';
import type { Database } from '../server/db/types';
import { GENRES } from '@common/prompts/prompts';
import { COMMENT_PAGE_SIZE, type CommunityQuery } from '@common/stories/story';
import { BADGE_FACTS } from '@common/badges/badges';
import { loadConfig } from '../server/config';
import { openSqlite, type DatabaseHandle } from '../server/db/database';
import { optimizeDatabase } from '../server/db/maintenance';
import { startServer } from '../server/server';
import { TestClient } from '../server/test/client';
import { freePort } from '../server/test/server';
import { encodeCursor } from '../server/shared/cursor';
import { communityRows } from '../server/features/stories/queries/lists';
import { commentsPageQuery } from '../server/features/comments/queries';
import type { Runner } from '../server/features/stories/queries/search';
import { STORY_COLUMNS, findStoryRowFor, reactionSummary } from '../server/features/stories/queries';
import { findSessionUserWithShelf } from '../server/shared/users';
import { gatherFacts } from '../server/features/badges/queries';
import { searchTerms } from '../server/features/stories/queries/search';
import { WORDS } from '../server/features/stories/test-support-builders';
import { percentile, seededRandom } from './random';
import { MEDIUM_WORDS, postgresRows, seedCorpus, sqliteRows, type RowWriter } from './seed';
import { benchSchema } from './postgres';

const usePostgres = process.argv.includes('--postgres');
const sizeArg = process.argv.find((a) => a.startsWith('--stories='));
const STORIES = sizeArg ? Number(sizeArg.slice('--stories='.length).replaceAll('_', '')) : 100_000;
if (!Number.isInteger(STORIES) || STORIES < 1_000) throw new Error('--stories must be a whole number of at least 1000');
const USERS = Math.max(100, Math.round(STORIES / 10));
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const TARGET_P95_MS = 50;

const log = (line = '') => process.stdout.write(`${line}\n`);
const ms = (n: number) => `${n.toFixed(1).padStart(6)}ms`;

interface Compiled {
  sql: string;
  parameters: readonly unknown[];
}

interface Bench {
  name: string;
  handle: DatabaseHandle;
  writer: RowWriter;
  cleanup(): Promise<void>;
}

function sqliteBench(dir: string): Bench {
  const file = path.join(dir, 'drabble.sqlite');
  const handle = openSqlite(file);
  let raw: SqliteDatabase.Database | null = null;
  const connection = () => {
    if (raw) return raw;
    raw = new SqliteDatabase(file);
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = OFF');
    return raw;
  };
  return {
    name: 'SQLite',
    handle,
    writer: { insert: (...args) => sqliteRows(connection()).insert(...args) },
    cleanup: async () => void raw?.close(),
  };
}

async function postgresBench(): Promise<Bench> {
  const { handle, client, drop } = await benchSchema('bench_stories');
  return { name: 'PostgreSQL', handle, writer: postgresRows(client), cleanup: drop };
}

interface Case {
  group: string;
  name: string;
  path: () => string;
}

async function timeCase(client: TestClient, target: () => string): Promise<number[]> {
  for (let i = 0; i < 10; i++) await client.get(target());
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const url = target();
    const t = performance.now();
    const res = await client.get(url);
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return times.sort((a, b) => a - b);
}

const TAG_COUNT = 200;

/**
 * Tags on every story: 1–3 of TAG_COUNT, skewed so a few are on tens of thousands of stories
 * (the most used on about a third) and most on a few hundred; written as the app writes them
 * (storyTags with the story's seq, likes and publishedAt, stories.tagNames; the triggers keep the tags' counts). Answers each tag's id and key, most used first.
 */
async function seedTags(db: Kysely<Database>, random: () => number) {
  const at = new Date().toISOString();
  const names = Array.from({ length: TAG_COUNT }, (_, i) => `topic ${i}`);
  await db.insertInto('tags').values(names.map((name, i) => ({ id: `tag${String(i).padStart(4, '0')}`, key: tagKey(name), name, created_at: at }))).execute();
  const stories = await db.selectFrom('stories').select(['id', 'seq', 'likesCount', 'publishedAt']).execute();
  const counts = new Array<number>(TAG_COUNT).fill(0);
  let rows = 0;
  for (let start = 0; start < stories.length; start += 2_000) {
    await db.transaction().execute(async (trx) => {
      const batch: Array<{ storyId: string; tagId: string; storySeq: number; created_at: string; likesCount: number; publishedAt: string | null }> = [];
      for (const story of stories.slice(start, start + 2_000)) {
        const chosen = new Set<number>();
        const n = 1 + Math.floor(random() * 3);
        while (chosen.size < n) chosen.add(Math.floor(TAG_COUNT * random() ** 3));
        for (const i of chosen) {
          counts[i]!++;
          batch.push({ storyId: story.id, tagId: `tag${String(i).padStart(4, '0')}`, storySeq: Number(story.seq), created_at: at, likesCount: Number(story.likesCount), publishedAt: story.publishedAt });
        }
        await trx.updateTable('stories').set({ tagNames: JSON.stringify([...chosen].map((i) => names[i])) }).where('id', '=', story.id).execute();
      }
      for (let i = 0; i < batch.length; i += 400) await trx.insertInto('storyTags').values(batch.slice(i, i + 400)).execute();
      rows += batch.length;
    });
  }
  return { rows, counts, ids: names.map((_, i) => `tag${String(i).padStart(4, '0')}`), keys: names.map(tagKey) };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-bench-'));
  const bench = usePostgres ? await postgresBench() : sqliteBench(dir);
  const port = await freePort();
  const config = loadConfig({ DATA_DIR: dir, PORT: String(port), AUTH_SECRET: 'bench-secret-that-is-long-enough-0000000', LOG_LEVEL: 'silent' });
  const server = await startServer({ config, database: bench.handle, webDir: null, logger: pino({ level: 'silent' }) });
  const { db, dialect } = server.ctx;
  // Through the server's own connection: on SQLite another connection may not have loaded the statistics.
  const plan = async ({ sql: text, parameters }: Compiled): Promise<string[]> => {
    const prefix = usePostgres ? 'explain (analyze, costs off, timing off, summary on)' : 'explain query plan';
    const { rows } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`${prefix} ${text}`, [...parameters]));
    return rows.map((r) => String(usePostgres ? r['QUERY PLAN'] : r.detail));
  };
  try {
    let t = performance.now();
    const random = seededRandom(42);
    const corpus = await seedCorpus(bench.writer, { users: USERS, stories: STORIES, publicShare: 0.7, random });
    const seededIn = (performance.now() - t) / 1000;
    t = performance.now();
    // What the maintenance task keeps up on a live install: planner statistics. On PostgreSQL,
    // autovacuum analyzes the other tables as they grow; a bench that queries the moment it has
    // seeded must do that itself, or the planner guesses (and loops over every writer).
    await optimizeDatabase(db, dialect);
    if (usePostgres) await sql`vacuum analyze`.execute(db);
    const counts = (await sql<{ s: number; r: number; c: number }>`select (select count(*) from stories) s, (select count(*) from "storyReactions") r, (select count(*) from "storyComments") c`.execute(db)).rows[0]!;
    log(`${bench.name}: seeded ${USERS.toLocaleString('en-US')} writers, ${Number(counts.s).toLocaleString('en-US')} stories (${corpus.publicIds.length.toLocaleString('en-US')} public), ` +
      `${Number(counts.r).toLocaleString('en-US')} reactions, ${Number(counts.c).toLocaleString('en-US')} comments in ${seededIn.toFixed(1)} s; statistics in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    t = performance.now();
    const tags = await seedTags(db, random);
    if (usePostgres) await sql`vacuum analyze`.execute(db);
    else await optimizeDatabase(db, dialect);
    log(`${bench.name}: tagged every story with 1–3 of ${TAG_COUNT} tags (${tags.rows.toLocaleString('en-US')} rows; the most used on ${tags.counts[0]!.toLocaleString('en-US')} stories) in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const client = new TestClient(server.url);
    const signUp = await client.post('/api/auth/sign-up/email', { email: 'bench@bench.test', password: 'quiet harbour reader 1', name: 'Bench Reader' });
    if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status}`);
    // The reader follows twenty writers and three tags (the most used, a middling one and a rare one): the feed merges both.
    const benchReader = await db.selectFrom('users').select('uid').where('email', '=', 'bench@bench.test').executeTakeFirstOrThrow();
    const followedTagIds = [tags.ids[0]!, tags.ids[20]!, tags.ids[TAG_COUNT - 1]!];
    await db.insertInto('tagFollows').values(followedTagIds.map((tagId) => ({ uid: benchReader.uid, tagId, created_at: new Date().toISOString() }))).execute();
    const followedWriters = corpus.uids.slice(0, 20);
    await db.insertInto('follows').values(followedWriters.map((followeeUid) => ({ followerUid: benchReader.uid, followeeUid, created_at: new Date().toISOString() }))).execute();
    await db.updateTable('users').set({ followingCount: followedWriters.length }).where('uid', '=', benchReader.uid).execute();

    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    // A deep page: somewhere between a fifth and four fifths of the way down.
    const deepSeq = () => Math.floor(STORIES * (0.2 + random() * 0.6));
    const cursorFor = (sort: 'newest' | 'liked') =>
      sort === 'newest' ? encodeCursor({ k: 'newest', s: deepSeq() }) : encodeCursor({ k: 'liked', l: Math.floor(random() * 6), s: deepSeq() });
    const long = WORDS.filter((w) => w.length >= 4);
    // The seed spreads stories over the last 365 days; four in ten answer their day's prompt.
    const seededDay = () => new Date(Date.now() - Math.floor(random() * 364 + 1) * 86_400_000).toISOString().slice(0, 10);
    const terms: Array<[string, () => string]> = [
      ['common word', () => pick(long)], // in about half the stories or more
      ['prefix, 3 letters', () => pick(long).slice(0, 3)], // as typed
      ['medium word', () => pick(MEDIUM_WORDS)], // in about 1 %
      ['rare word', () => pick(corpus.rare)], // in about 0.015 %
      ['two common words', () => `${pick(long)} ${pick(long)}`],
      ['common + rare', () => `${pick(long)} ${pick(corpus.rare)}`],
      ['no match', () => 'qwxyzzy'],
    ];
    const cases: Case[] = [
      { group: 'list', name: 'community newest, first page', path: () => '/api/stories/community' },
      { group: 'list', name: 'community newest, deep page', path: () => `/api/stories/community?cursor=${cursorFor('newest')}` },
      { group: 'list', name: 'community most liked, first page', path: () => '/api/stories/community?sort=liked' },
      { group: 'list', name: 'community most liked, deep page', path: () => `/api/stories/community?sort=liked&cursor=${cursorFor('liked')}` },
      { group: 'list', name: 'community by genre', path: () => `/api/stories/community?genre=${encodeURIComponent(pick(GENRES))}` },
      { group: 'list', name: 'community, perfect drabbles, newest', path: () => '/api/stories/community?perfect=true' },
      { group: 'list', name: 'community, perfect drabbles, most liked', path: () => '/api/stories/community?perfect=true&sort=liked' },
      { group: 'list', name: 'community, perfect drabbles, deep page', path: () => `/api/stories/community?perfect=true&cursor=${cursorFor('newest')}` },
      { group: 'prompt pages', name: 'prompt page: a day of the last year', path: () => `/api/prompts/${seededDay()}` },
      { group: 'prompt pages', name: 'prompt page: its stories', path: () => `/api/prompts/${seededDay()}/stories` },
      { group: 'prompt pages', name: 'prompt archive: first page', path: () => '/api/prompts' },
      { group: 'feeds', name: 'Atom feed: community newest', path: () => '/community/feed.atom' },
      { group: 'feeds', name: 'Atom feed: a writer', path: () => `/user/${pick(corpus.uids)}/feed.atom` },
      { group: 'feeds', name: 'Atom feed: a prompt day', path: () => `/prompt/${seededDay()}/feed.atom` },
      { group: 'tags', name: 'tag page: most used tag, newest', path: () => `/api/tags/${tags.keys[0]}` },
      { group: 'tags', name: 'tag page: most used tag, most liked', path: () => `/api/tags/${tags.keys[0]}?sort=liked` },
      { group: 'tags', name: 'tag page: most used tag, deep page', path: () => `/api/tags/${tags.keys[0]}?cursor=${cursorFor('newest')}` },
      { group: 'tags', name: 'tag page: a middling tag, most liked', path: () => `/api/tags/${tags.keys[20]}?sort=liked` },
      { group: 'tags', name: 'tag page: any tag, newest', path: () => `/api/tags/${pick(tags.keys)}` },
      { group: 'tags', name: 'tag suggestions: 2 letters', path: () => '/api/tags/suggest?q=to' },
      { group: 'tags', name: 'feed with 3 followed tags + 20 writers', path: () => '/api/feed' },
      { group: 'tags', name: 'Atom feed: a tag', path: () => `/tag/${pick(tags.keys)}/feed.atom` },
      { group: 'story', name: 'story page: story', path: () => `/api/stories/${pick(corpus.publicIds)}` },
      { group: 'story', name: 'story page: comments', path: () => `/api/stories/${pick(corpus.publicIds)}/comments` },
    ];
    for (const sort of ['newest', 'liked'] as const) {
      for (const deep of [false, true]) {
        for (const [name, term] of terms) {
          cases.push({
            group: `search ${sort === 'newest' ? 'newest' : 'most liked'}, ${deep ? 'deep page' : 'first page'}`,
            name: `search ${sort === 'newest' ? 'newest' : 'most liked'}: ${name}${deep ? ', deep' : ''}`,
            path: () => `/api/stories/community?sort=${sort}&q=${encodeURIComponent(term())}${deep ? `&cursor=${cursorFor(sort)}` : ''}`,
          });
        }
      }
    }
    cases.push({ group: 'search + genre', name: 'search + genre: common word', path: () => `/api/stories/community?genre=${encodeURIComponent(pick(GENRES))}&q=${pick(long)}` });

    const [load] = os.loadavg();
    log(`\nHTTP timings over ${RUNS} requests each (signed in, sequential, after 10 warm-up requests); load average ${load!.toFixed(1)} on ${os.cpus().length} cores:\n`);
    if (load! > os.cpus().length) log('Warning: the machine is busy with other work; tail latencies will show it.\n');
    log(`${'case'.padEnd(44)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)}`);
    const worst = new Map<string, { p95: number; name: string }>();
    for (const c of cases.filter((each) => ONLY === undefined || each.group.startsWith(ONLY))) {
      const times = await timeCase(client, c.path);
      const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p)) as [number, number, number];
      const over = p95 > TARGET_P95_MS ? '  over' : '';
      log(`${c.name.padEnd(44)} ${ms(p50)} ${ms(p95)} ${ms(p99)}${over}`);
      const before = worst.get(c.group);
      if (!before || p95 > before.p95) worst.set(c.group, { p95, name: c.name });
    }

    log(`\nSummary: ${bench.name}, ${STORIES.toLocaleString('en-US')} stories, worst p95 per group against the ${TARGET_P95_MS} ms target\n`);
    log(`${'group'.padEnd(30)} ${'worst p95'.padStart(10)}  ${'verdict'.padEnd(7)}  worst case`);
    let failed = false;
    for (const [group, { p95, name }] of worst) {
      failed ||= p95 > TARGET_P95_MS;
      log(`${group.padEnd(30)} ${ms(p95).padStart(10)}  ${(p95 > TARGET_P95_MS ? 'OVER' : 'ok').padEnd(7)}  ${name}`);
    }

    log(`\nQuery plans (${usePostgres ? 'EXPLAIN ANALYZE' : 'SQLite EXPLAIN QUERY PLAN'}), for a guest; each search shows every statement it ran:`);
    const plans: Array<[string, Partial<CommunityQuery>]> = [
      ['community, newest, deep page', { cursor: cursorFor('newest') }],
      ['community, most liked, deep page', { sort: 'liked', cursor: cursorFor('liked') }],
      ['search newest: common word', { q: 'lantern' }],
      ['search newest: medium word', { q: MEDIUM_WORDS[0] }],
      ['search newest: rare word', { q: corpus.rare[0] }],
      ['search newest: two common words, deep page', { q: 'lantern door', cursor: cursorFor('newest') }],
      ['search most liked: common word', { sort: 'liked', q: 'lantern' }],
      ['search most liked: medium word', { sort: 'liked', q: MEDIUM_WORDS[0] }],
      ['search most liked: rare word', { sort: 'liked', q: corpus.rare[0] }],
      ['search most liked: common + rare, deep page', { sort: 'liked', q: `lantern ${corpus.rare[1]}`, cursor: cursorFor('liked') }],
      ['search + genre, newest: common word', { q: 'lantern', genre: 'Horror' }],
    ];
    for (const [name, query] of plans) {
      const full = { sort: 'newest', limit: 20, ...query } as CommunityQuery;
      const statements: Compiled[] = [];
      const record: Runner = (statement) => {
        statements.push(statement.compile());
        return statement.execute();
      };
      await communityRows(db, dialect, null, full, full.q ? searchTerms(full.q) : [], record);
      for (const [i, compiled] of statements.entries()) {
        log(`\n${name}${statements.length > 1 ? ` (statement ${i + 1} of ${statements.length})` : ''}`);
        for (const line of await plan(compiled)) log(`  ${line}`);
      }
    }
    log('\nstory page: the story');
    for (const line of await plan(db.selectFrom('stories').select(STORY_COLUMNS).where('id', '=', corpus.publicIds[0]!).compile())) log(`  ${line}`);
    log('\nstory page: its comments, for a signed-in reader');
    const reader = { uid: corpus.uids[0]!, admin: false };
    for (const line of await plan(commentsPageQuery(db, pick(corpus.publicIds), '', reader, null, COMMENT_PAGE_SIZE).compile())) log(`  ${line}`);

    // The statements folded for PostgreSQL (docs/decisions/0033), as they run: recorded through a plugin, then explained.
    const recorded: Compiled[] = [];
    const recording = db.withPlugin({
      transformQuery: ({ node, queryId }) => {
        recorded.push(db.getExecutor().compileQuery(node, queryId));
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const writer = corpus.uids[1]!;
    const folded: Array<[string, () => Promise<unknown>]> = [
      ['signed-in request to the shared community page: users row with the shelf facts', () => findSessionUserWithShelf(recording, writer, new Date().toISOString())],
      ['story page: the story with the block fact, for a signed-in reader', () => findStoryRowFor(recording, reader, pick(corpus.publicIds))],
      ['story page: reaction counts and the reader’s own', () => reactionSummary(recording, pick(corpus.publicIds), reader.uid)],
      ['saving a story: every badge fact', () => gatherFacts(recording, writer, BADGE_FACTS)],
    ];
    for (const [name, run] of folded) {
      recorded.length = 0;
      await run();
      for (const compiled of recorded) {
        log(`\n${name}`);
        for (const line of await plan(compiled)) log(`  ${line}`);
      }
    }

    log(failed ? `\nFAIL: some p95 is above ${TARGET_P95_MS} ms` : `\nOK: every p95 is at most ${TARGET_P95_MS} ms`);
    process.exitCode = failed ? 1 : 0;
  } finally {
    await server.close();
    await bench.cleanup();
    if (process.env.BENCH_KEEP && !usePostgres) log(`Kept the database in ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
