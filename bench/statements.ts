/**
 * SQL statements, round trips, transactions and connection checkouts per request,
 * on SQLite and, when TEST_DATABASE_URL (or DATABASE_URL) names a PostgreSQL server, on
 * PostgreSQL, for what a person does most:
 *
 *   - the signed-in community list (GET /api/stories/community, what /community asks first),
 *     in its steady state (session and shared first page kept) and when the page is read afresh;
 *   - a story page: the three calls the story screen makes (the story, its comments, the view);
 *   - saving a story: the editor's PATCH of a changed text;
 *   - sending a direct message in an accepted conversation.
 *
 * Counted at the driver, below Kysely, so BEGIN and COMMIT and better-auth's own statements
 * count too: on PostgreSQL every `client.query` of a pooled connection is a round trip; on
 * SQLite every run of a prepared statement (there are no round trips: the database is in the
 * process). The counting hooks exist only in this script, on its own handle. The email ticks
 * and live presence run on timers of their own and are left out, as in the API tests.
 *
 *   npm run bench:statements
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:statements
 *
 * Each request runs REPEATS times after a first, untimed one; the median is printed, and the
 * statements of the last run with BENCH_VERBOSE=1.
 */
import { createRequire } from 'node:module';
import type pg from 'pg';
import type { Dialect } from '../server/db/database';
import { createTestDatabase } from '../server/test/databases';
import { signUp, startTestServerOn, type TestServer } from '../server/test/server';
import { GUEST_PAGE_TTL_MS } from '../server/features/stories/community-page';
import { buildStoryInput } from '../server/features/stories/test-support-builders';

const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
/**
 * Work on timers of its own, not a request's: the email queue's ticks, live presence, and the
 * event bus reading the outbox after a commit (once per burst of events, not per request).
 * A request's own inserts into those tables count.
 */
const BACKGROUND = /^(select|delete|update)\b.*"(pendingEmails|emailQueue|liveStreams)"|^select\b.*\bfrom "liveEvents"/i;

const log = (line = '') => process.stdout.write(`${line}\n`);

/** What one request ran, as the driver saw it. */
interface Tally {
  statements: string[];
  /** PostgreSQL: pooled connections checked out. */
  checkouts: number;
}

class Counter {
  #recording = false;
  #tally: Tally = { statements: [], checkouts: 0 };

  note(sql: string): void {
    if (this.#recording && !BACKGROUND.test(sql)) this.#tally.statements.push(sql.replace(/\s+/g, ' ').trim());
  }

  checkout(): void {
    if (this.#recording) this.#tally.checkouts++;
  }

  async count(request: () => Promise<void>): Promise<Tally> {
    this.#tally = { statements: [], checkouts: 0 };
    this.#recording = true;
    try {
      await request();
      return this.#tally;
    } finally {
      this.#recording = false;
    }
  }
}

/** Every run of a better-sqlite3 statement in this process, BEGIN and COMMIT included. */
function countSqlite(counter: Counter): void {
  const Database = createRequire(import.meta.url)('better-sqlite3') as typeof import('better-sqlite3');
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
  probe.close();
  for (const method of ['all', 'get', 'run', 'iterate']) {
    const original = proto[method]!;
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      counter.note(this.source);
      return original.apply(this, args);
    };
  }
}

/** Every query of every pooled connection: one round trip each. */
function countPostgres(pool: pg.Pool, counter: Counter): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0];
      counter.note(typeof first === 'string' ? first : String((first as { text?: string }).text));
      return query(...args);
    };
  });
  pool.on('acquire', () => counter.checkout());
}

interface Row {
  label: string;
  statements: number;
  transactions: number;
  checkouts: number;
  last: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function ok(res: Promise<{ status: number; body: unknown }>, expected = 200): Promise<unknown> {
  const r = await res;
  if (r.status !== expected) throw new Error(`expected ${expected}, got ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

async function measure(dialect: Dialect): Promise<Row[]> {
  const counter = new Counter();
  const database = await createTestDatabase(dialect, { migrated: true });
  const handle = database.reopen();
  if (dialect === 'sqlite') countSqlite(counter);
  else countPostgres(handle.pgPool!, counter);
  const server: TestServer = await startTestServerOn(database, { SIGNUP_RATE_LIMIT: '1000' }, handle);
  try {
    const writer = await signUp(server, { name: 'Ada' });
    const reader = await signUp(server, { name: 'Ben' });
    // Old enough to start conversations (the 24-hour rule), and friends.
    const old = new Date(Date.now() - 48 * 3_600_000).toISOString();
    await server.ctx.db.updateTable('users').set({ created_at: old }).where('uid', 'in', [writer.uid, reader.uid]).execute();
    await ok(writer.client.post(`/api/follows/${reader.uid}`));
    await ok(reader.client.post(`/api/follows/${writer.uid}`));
    const stories: Array<{ id: string }> = [];
    for (let i = 0; i < 5; i++) {
      const body = (await ok(writer.client.post('/api/stories', buildStoryInput({ public: true })), 201)) as { story: { id: string } };
      stories.push(body.story);
    }
    const story = stories[0]!;
    await ok(reader.client.post(`/api/stories/${story.id}/comments`, { text: 'A fine drabble.' }), 201);
    const started = (await ok(writer.client.post('/api/conversations', { to: reader.uid, text: 'Hello Ben' }), 201)) as { conversation: { id: string } };
    const conversationId = started.conversation.id;

    const scenarios: Array<{ label: string; before?: () => Promise<void>; run: (i: number) => Promise<void> }> = [
      { label: 'community list, guest (page kept)', run: async () => void (await ok(server.client().get('/api/stories/community'))) },
      { label: 'community list, signed in (steady)', run: async () => void (await ok(reader.client.get('/api/stories/community'))) },
      {
        label: 'community list, signed in (page read afresh)',
        before: () => new Promise((resolve) => setTimeout(resolve, GUEST_PAGE_TTL_MS + 50)),
        run: async () => void (await ok(reader.client.get('/api/stories/community'))),
      },
      {
        label: 'story page (3 calls)',
        run: async () => {
          await ok(reader.client.get(`/api/stories/${story.id}`));
          await ok(reader.client.get(`/api/stories/${story.id}/comments`));
          await ok(reader.client.post(`/api/stories/${story.id}/view`));
        },
      },
      { label: '  GET /api/stories/:id', run: async () => void (await ok(reader.client.get(`/api/stories/${story.id}`))) },
      { label: '  GET /api/stories/:id/comments', run: async () => void (await ok(reader.client.get(`/api/stories/${story.id}/comments`))) },
      { label: '  POST /api/stories/:id/view', run: async () => void (await ok(reader.client.post(`/api/stories/${story.id}/view`))) },
      {
        label: 'saving a story (PATCH)',
        run: async (i) => void (await ok(writer.client.patch(`/api/stories/${stories[1]!.id}`, { content: `${buildStoryInput({}).content} ${i}`, timezone: 'Europe/London' }))),
      },
      { label: 'sending a direct message', run: async (i) => void (await ok(writer.client.post(`/api/conversations/${conversationId}/messages`, { text: `Message ${i}` }), 201)) },
    ];

    const rows: Row[] = [];
    for (const scenario of scenarios) {
      // A first run fills the session cache and prepared statements, as on a running server.
      await scenario.before?.();
      await scenario.run(0);
      const tallies: Tally[] = [];
      for (let i = 1; i <= REPEATS; i++) {
        await scenario.before?.();
        tallies.push(await counter.count(() => scenario.run(i)));
      }
      const transactions = (t: Tally) => t.statements.filter((s) => /^begin\b/i.test(s)).length;
      rows.push({
        label: scenario.label,
        statements: median(tallies.map((t) => t.statements.length)),
        transactions: median(tallies.map(transactions)),
        checkouts: median(tallies.map((t) => t.checkouts)),
        last: tallies.at(-1)!.statements,
      });
    }
    return rows;
  } finally {
    await server.stop();
    await database.handle.close();
  }
}

async function main(): Promise<void> {
  const dialects: Dialect[] = POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  if (POSTGRES_URL) process.env.TEST_DATABASE_URL = POSTGRES_URL;
  const results = new Map<Dialect, Row[]>();
  for (const dialect of dialects) results.set(dialect, await measure(dialect));

  log(`Statements per request (median of ${REPEATS}; on PostgreSQL each statement is a round trip, BEGIN and COMMIT included)`);
  const head = ['request'.padEnd(46), ...dialects.map((d) => (d === 'sqlite' ? 'SQLite: stmts (tx)' : 'PostgreSQL: round trips (tx, checkouts)').padStart(d === 'sqlite' ? 20 : 42))];
  log(head.join(''));
  const first = results.get(dialects[0]!)!;
  first.forEach((row, i) => {
    const cells = dialects.map((d) => {
      const r = results.get(d)![i]!;
      return d === 'sqlite' ? `${r.statements} (${r.transactions})`.padStart(20) : `${r.statements} (${r.transactions}, ${r.checkouts})`.padStart(42);
    });
    log(`${row.label.padEnd(46)}${cells.join('')}`);
  });
  if (VERBOSE) {
    for (const dialect of dialects) {
      log(`\n${dialect}:`);
      for (const row of results.get(dialect)!) {
        log(`  ${row.label}`);
        for (const statement of row.last) log(`    ${statement.slice(0, 220)}`);
      }
    }
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
