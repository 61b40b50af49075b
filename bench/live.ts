/**
 * Live-event streams at scale (docs/decisions/0016-live-streams-at-scale.md): one
 * server instance, in a child process of its own so its memory is measured alone, with
 * 5,000 open GET /api/events streams (250 writers × 20 tabs, the per-user cap). Measures
 *
 *   (a) delivery: the time from a change's POST until each of the recipient's open tabs has
 *       its user-topic event (p50/p95/p99 over BENCH_MESSAGES changes, every tab counted);
 *   (b) the badge: the time until `bell.changed` reaches those tabs, when the change notifies;
 *   (c) memory per open stream: (RSS and heap used after GC with every stream open − before) / streams.
 *
 *   npm run bench:live                                   SQLite in a temporary DATA_DIR
 *   DATABASE_URL=postgres://… npm run bench:live          PostgreSQL (users are added with unique emails)
 *   BENCH_STREAMS=2000 BENCH_MESSAGES=400 npm run bench:live
 *
 * Needs `ulimit -n` above the stream count plus headroom (both processes hold one descriptor
 * per stream); it says so and stops otherwise. Runs in a few minutes; not part of `npm test`.
 *
 * (a) is a direct message (writers 2k and 2k+1 follow each other, so they are friends, and the
 * bench ages every account by two days in the server's database, since accounts under a day
 * old may not start conversations): the first message POST /api/conversations, the next ones
 * POST /api/conversations/:id/messages, timed until `message.created` reaches each of the
 * recipient's tabs. If the messaging routes do not answer, a follow (POST /api/follows/:uid →
 * `follow.created`, the same user topic, bus and writer) stands in. (b) is a new follower,
 * which notifies: POST /api/follows/:uid until `bell.changed` reaches the followee's tabs.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { loadConfig } from '../server/config';
import { startServer } from '../server/server';
import { TestClient } from '../server/test/client';
import { freePort } from '../server/test/server';
import { percentile } from './random';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 5000);
const TABS_PER_WRITER = 20;
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200);
const TARGET_P99_MS = 100;
const TARGET_KB = 25;
const DELIVERY_TIMEOUT_MS = 5000;
const BELL_TIMEOUT_MS = 1000;
const PASSWORD = 'bench password 1';

const log = (line = '') => process.stdout.write(`${line}\n`);

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}
type ToChild = { kind: 'memory' } | { kind: 'age'; uids: string[] } | { kind: 'stop' };
type FromChild = { kind: 'ready'; url: string } | { kind: 'memory'; memory: Memory; streams: number } | { kind: 'aged'; ok: boolean };

/* ---------------------------------------------------------------- the server (child) */

async function serve(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run the server child with --expose-gc');
  const dataDir = process.env.DATA_DIR!;
  const port = await freePort();
  // The clients send this origin on writes: it must be the server's public URL.
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: url, SIGNUP_RATE_LIMIT: '100000', LOG_LEVEL: 'warn' });
  const server = await startServer({ config, logger: pino({ level: 'warn' }), webDir: null, port, host: '127.0.0.1' });
  const send = (message: FromChild) => process.send!(message);
  process.on('message', (message: ToChild) => {
    if (message.kind === 'memory') {
      // Twice: the first pass can leave finalizer-held garbage for the second.
      gc();
      gc();
      const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
      send({ kind: 'memory', memory: { rss, heapUsed, external, arrayBuffers }, streams: server.streams.size });
    } else if (message.kind === 'age') {
      // Bench set-up only: accounts under a day old may not start conversations.
      const dayAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000).toISOString();
      void server.ctx.db
        .updateTable('users')
        .set({ created_at: dayAgo })
        .where('uid', 'in', message.uids)
        .execute()
        .then(
          () => send({ kind: 'aged', ok: true }),
          () => send({ kind: 'aged', ok: false }),
        );
    } else {
      void server.close().then(() => process.exit(0));
    }
  });
  send({ kind: 'ready', url });
}

/* ---------------------------------------------------------------- the clients (parent) */

class Child {
  private waiting: Array<(m: FromChild) => void> = [];
  constructor(readonly process: ChildProcess) {
    process.on('message', (m: FromChild) => this.waiting.shift()?.(m));
  }
  next(): Promise<FromChild> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  async memory(): Promise<{ memory: Memory; streams: number }> {
    const reply = this.next();
    this.process.send({ kind: 'memory' } satisfies ToChild);
    const m = await reply;
    if (m.kind !== 'memory') throw new Error('unexpected reply');
    return m;
  }
  async age(uids: string[]): Promise<boolean> {
    const reply = this.next();
    this.process.send({ kind: 'age', uids } satisfies ToChild);
    const m = await reply;
    return m.kind === 'aged' && m.ok;
  }
}

interface Writer {
  uid: string;
  client: TestClient;
  tabs: Tab[];
}

/** One open stream, read the cheapest way: only the event names and data this bench waits for. */
class Tab {
  private buffer = '';
  private waiters = new Map<string, Array<{ match: (data: string) => boolean; resolve: (at: number) => void }>>();
  ended = false;
  constructor(readonly req: http.ClientRequest) {}

  feed(chunk: string): void {
    this.buffer += chunk;
    let split: number;
    while ((split = this.buffer.indexOf('\n\n')) !== -1) {
      const block = this.buffer.slice(0, split);
      this.buffer = this.buffer.slice(split + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1];
      if (!event) continue;
      const list = this.waiters.get(event);
      if (!list?.length) continue;
      const data = /^data: ?(.*)$/m.exec(block)?.[1] ?? '';
      const at = performance.now();
      const index = list.findIndex((w) => w.match(data));
      if (index !== -1) list.splice(index, 1)[0]!.resolve(at);
    }
  }

  /** The arrival time of the next `event` whose data matches, or null after `timeoutMs`. */
  waitFor(event: string, match: (data: string) => boolean, timeoutMs: number): Promise<number | null> {
    return new Promise((resolve) => {
      const list = this.waiters.get(event) ?? [];
      this.waiters.set(event, list);
      const waiter = {
        match,
        resolve: (at: number) => {
          clearTimeout(timer);
          resolve(at);
        },
      };
      const timer = setTimeout(() => {
        list.splice(list.indexOf(waiter), 1);
        resolve(null);
      }, timeoutMs);
      list.push(waiter);
    });
  }
}

function openTab(agent: http.Agent, base: URL, cookie: string): Promise<Tab> {
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, host: base.hostname, port: base.port, path: '/api/events', headers: { accept: 'text/event-stream', cookie } });
    const tab = new Tab(req);
    req.on('response', (res) => {
      if (res.statusCode !== 200) return reject(new Error(`GET /api/events: ${res.statusCode}`));
      res.setEncoding('utf8');
      let open = false;
      res.on('data', (chunk: string) => {
        tab.feed(chunk);
        if (!open && chunk.includes(': connected')) {
          open = true;
          resolve(tab);
        }
      });
      res.on('close', () => (tab.ended = true));
    });
    req.on('error', (err) => (tab.ended ? undefined : reject(err)));
    req.end();
  });
}

async function inBatches<T>(count: number, batch: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += batch) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - i) }, (_, j) => make(i + j)))));
  }
  return out;
}

function checkDescriptors(): void {
  // Node cannot raise its own limit: the shell must (`ulimit -n 20000`).
  let limit = Infinity;
  try {
    const line = fs.readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
    limit = Number(line?.split(/\s+/)[3]);
  } catch {
    return;
  }
  const needed = STREAMS + 1000;
  if (limit < needed) {
    throw new Error(`ulimit -n is ${limit}; ${STREAMS} streams need at least ${needed} open files per process. Run \`ulimit -n ${needed}\` (or higher) in this shell first.`);
  }
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

async function run(): Promise<void> {
  checkDescriptors();
  const usePostgres = Boolean(process.env.DATABASE_URL);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-bench-live-'));
  const child = new Child(
    fork(fileURLToPath(import.meta.url), ['--serve'], {
      execArgv: ['--expose-gc', '--import', 'tsx'],
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  try {
    const ready = await child.next();
    if (ready.kind !== 'ready') throw new Error('the server did not start');
    const base = new URL(ready.url);
    log(`Server: ${ready.url} on ${usePostgres ? 'PostgreSQL' : 'SQLite'} (pid ${child.process.pid}); ${os.cpus().length} cores, Node ${process.version}`);

    const writerCount = Math.ceil(STREAMS / TABS_PER_WRITER);
    const run = Date.now().toString(36);
    let started = performance.now();
    const writers: Writer[] = await inBatches(writerCount, 8, async (i) => {
      const client = new TestClient(ready.url);
      const res = await client.post<{ user: { id: string } }>('/api/auth/sign-up/email', { email: `live${i}-${run}@bench.test`, password: PASSWORD, name: `Live ${i}` });
      if (res.status !== 200) throw new Error(`sign-up failed: ${res.status}`);
      return { uid: res.body.user.id, client, tabs: [] };
    });
    log(`Signed up ${writers.length} writers in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // Warm the server up (JIT, pools), then the baseline: every writer signed in, no stream open.
    await inBatches(writers.length, 50, (i) => openTab(agent, base, writers[i]!.client.cookieHeader).then((t) => t.req.destroy()));
    await new Promise((r) => setTimeout(r, 1000));
    const before = await child.memory();

    started = performance.now();
    for (const writer of writers) writer.tabs = [];
    await inBatches(STREAMS, 100, async (i) => {
      const writer = writers[i % writers.length]!;
      writer.tabs.push(await openTab(agent, base, writer.client.cookieHeader));
    });
    log(`Opened ${STREAMS} streams in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await new Promise((r) => setTimeout(r, 2000));
    const after = await child.memory();
    if (after.streams !== STREAMS) throw new Error(`the server holds ${after.streams} streams, expected ${STREAMS}`);

    // (a) a direct message from writer 2k to writer 2k+1 (friends, accounts aged a day for the
    // bench), once POST /api/conversations answers; until then a follow. Each reaches 20 tabs.
    const probe = await writers[0]!.client.get(`/api/users/${writers[1]!.uid}/can-message`);
    const viaMessages = probe.status === 200;
    const kind = viaMessages ? 'message.created' : 'follow.created';
    const conversations = new Map<number, string>();
    if (viaMessages) {
      const aged = await child.age(writers.map((w) => w.uid));
      if (!aged) throw new Error('could not age the bench accounts');
      for (let k = 0; k + 1 < writers.length; k += 2) {
        for (const [a, b] of [[k, k + 1], [k + 1, k]] as const) {
          const res = await writers[a]!.client.post(`/api/follows/${writers[b]!.uid}`);
          if (res.status >= 300) throw new Error(`POST /api/follows: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
    }
    const delivery: number[] = [];
    const answered: number[] = [];
    let lost = 0;
    for (let m = 0; m < MESSAGES; m++) {
      const pair = (m * 2) % (writers.length - (writers.length % 2));
      const [sender, recipient] = viaMessages ? [writers[pair]!, writers[pair + 1]!] : [writers[m % writers.length]!, writers[(m + 1) % writers.length]!];
      const text = `bench message ${m} ${run}`;
      const match = viaMessages ? (data: string) => data.includes(text) : (data: string) => data.includes(sender.uid);
      const arrivals = recipient.tabs.map((tab) => tab.waitFor(kind, match, DELIVERY_TIMEOUT_MS));
      const sent = performance.now();
      const conversation = conversations.get(pair);
      const res = !viaMessages
        ? await sender.client.post(`/api/follows/${recipient.uid}`)
        : conversation
          ? await sender.client.post(`/api/conversations/${conversation}/messages`, { text })
          : await sender.client.post<{ conversation: { id: string } }>('/api/conversations', { to: recipient.uid, text });
      answered.push(performance.now() - sent);
      if (res.status >= 300) throw new Error(`sending failed: ${res.status} ${JSON.stringify(res.body)}`);
      if (viaMessages && !conversation) conversations.set(pair, (res.body as { conversation: { id: string } }).conversation.id);
      for (const at of await Promise.all(arrivals)) {
        if (at === null) lost += 1;
        else delivery.push(at - sent);
      }
      if (!viaMessages) await sender.client.delete(`/api/follows/${recipient.uid}`);
    }

    // (b) the badge: a new follower notifies (writer m follows writer m+3, each a new follower).
    const bell: number[] = [];
    let bellMissing = 0;
    for (let m = 0; m < Math.min(MESSAGES, writers.length); m++) {
      const sender = writers[m]!;
      const recipient = writers[(m + 3) % writers.length]!;
      const bells = recipient.tabs.map((tab) => tab.waitFor('bell.changed', () => true, BELL_TIMEOUT_MS));
      const sent = performance.now();
      const res = await sender.client.post(`/api/follows/${recipient.uid}`);
      if (res.status >= 300) throw new Error(`POST /api/follows: ${res.status} ${JSON.stringify(res.body)}`);
      for (const at of await Promise.all(bells)) {
        if (at === null) bellMissing += 1;
        else bell.push(at - sent);
      }
      // Nothing arrived for the first ten: follows do not notify in this build; stop waiting.
      if (m === 9 && bell.length === 0) break;
    }

    const kb = (bytes: number) => bytes / 1024;
    const rssPer = kb(after.memory.rss - before.memory.rss) / STREAMS;
    const heapPer = kb(after.memory.heapUsed - before.memory.heapUsed) / STREAMS;
    const extPer = kb(after.memory.external - before.memory.external) / STREAMS;
    const d = stats(delivery);
    const b = stats(bell);
    const row = (name: string, s: ReturnType<typeof stats>, target: string) =>
      log(`${name.padEnd(34)}${String(s.n).padStart(6)}${[s.p50, s.p95, s.p99, s.max].map((v) => (Number.isFinite(v) ? v.toFixed(1) : '—').padStart(9)).join('')}   ${target}`);
    log();
    log(`Load average over the last minute: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
    log(`${STREAMS} open streams, ${MESSAGES} ${viaMessages ? 'direct messages' : 'follows'} (${kind}), each to the recipient's ${TABS_PER_WRITER} tabs`);
    log(`${'latency (ms)'.padEnd(34)}${'n'.padStart(6)}${['p50', 'p95', 'p99', 'max'].map((h) => h.padStart(9)).join('')}   target`);
    row('    POST answered (for comparison)', stats(answered), '');
    row(`(a) POST → ${kind} in every tab`, d, `p99 ≤ ${TARGET_P99_MS} ms ${d.p99 <= TARGET_P99_MS ? 'met' : 'MISSED'}`);
    if (b.n) row('(b) POST follow → bell.changed', b, `p99 ≤ ${TARGET_P99_MS} ms ${b.p99 <= TARGET_P99_MS ? 'met' : 'MISSED'}`);
    else log('(b) POST → bell.changed: none arrived (follows do not notify in this build)');
    if (lost) log(`    ${lost} deliveries did not arrive within ${DELIVERY_TIMEOUT_MS} ms`);
    if (b.n && bellMissing) log(`    ${bellMissing} tab(s) got no bell.changed within ${BELL_TIMEOUT_MS} ms`);
    log();
    log(`${'memory'.padEnd(34)}${'before'.padStart(10)}${'after'.padStart(10)}${'per stream'.padStart(12)}`);
    log(`${'(c) RSS'.padEnd(34)}${(kb(before.memory.rss) / 1024).toFixed(1).padStart(8)}MB${(kb(after.memory.rss) / 1024).toFixed(1).padStart(8)}MB${rssPer.toFixed(1).padStart(9)} KB   target ≤ ${TARGET_KB} KB ${rssPer <= TARGET_KB ? 'met' : 'MISSED'}`);
    log(`${'(c) JS heap used after GC'.padEnd(34)}${(kb(before.memory.heapUsed) / 1024).toFixed(1).padStart(8)}MB${(kb(after.memory.heapUsed) / 1024).toFixed(1).padStart(8)}MB${heapPer.toFixed(1).padStart(9)} KB`);
    log(`${'    external (buffers)'.padEnd(34)}${(kb(before.memory.external) / 1024).toFixed(1).padStart(8)}MB${(kb(after.memory.external) / 1024).toFixed(1).padStart(8)}MB${extPer.toFixed(1).padStart(9)} KB`);
  } finally {
    agent.destroy();
    child.process.send({ kind: 'stop' } satisfies ToChild);
    await new Promise((r) => child.process.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) {
  serve().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
} else {
  run().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
