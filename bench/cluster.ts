/**
 * Scale-out, proven: on this machine, PostgreSQL (the local server; a database of
 * the run's own, dropped at the end), PgBouncer in transaction mode (deploy/pgbouncer.ini),
 * three instances of the compiled server (`node dist/server.js`, as production runs it, started
 * together, each with a DATA_DIR of its own), profile images in a real S3-protocol server
 * (s3rver, in this process) and HAProxy (deploy/haproxy.cfg) in front of them. Debian packages are installed when missing;
 * everything is stopped on exit, Ctrl-C and errors. Then a mixed load through HAProxy:
 *
 *   - every client holds a live stream (GET /api/events), reconnecting with Last-Event-ID as
 *     EventSource does; friends (pairs following each other) message each other, readers list
 *     and read, writers save stories, comment and react;
 *   - a quarter of the way in, a burst of story saves by one writer spread over the three
 *     instances (directly) must let through exactly LIMITS.storyWrites;
 *   - a third of the way in, a sign-out on one instance and a suspension by an admin on another
 *     must end the session on the others within SESSION_CACHE_MS (a request answered 401, the
 *     open stream told `session.ended`);
 *   - half-way, one instance is killed (`kill -9`); its clients reconnect through HAProxy to the
 *     others and replay from their last id; it is started again a few seconds later;
 *   - at four fifths, another is stopped with SIGTERM (draining) and started again: none of
 *     the requests it was sent may fail.
 *
 * Counted: every `message.created` a client is entitled to (each committed message, read back
 * from the database at the end, to both participants) arrives exactly once and in order; every
 * 5xx and every request with no answer at all, those of the killed instance's in-flight requests
 * counted apart. Then throughput of the
 * signed-in community list through HAProxy and PgBouncer, one instance against three, in
 * interleaved rounds. The last line sums it up; the exit code is non-zero when an event was
 * lost or duplicated, an unexpected 5xx (or failed request) happened, the burst was not exact
 * or a session outlived its window.
 *
 *   npm run cluster                          60 s, 24 clients
 *   npm run cluster -- --seconds 120 --clients 40
 *   npm run cluster:ci                       the short mode CI runs (20 s, 8 clients, short rounds)
 *
 * Options: --seconds N, --clients N (even), --throughput-seconds N, --rounds N,
 * --connections N. CLUSTER_POSTGRES_URL names another PostgreSQL server (default
 * postgres://postgres@127.0.0.1:5432/postgres, a superuser who may create databases).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { REACTION_KINDS } from '@common/stories/story';
import { LIMITS } from '../server/http/limits';
import { buildStoryInput } from '../server/features/stories/test-support-builders';
import { TestClient } from '../server/test/client';
import { startHaProxy, type RunningHaProxy } from '../server/test/haproxy';
import { pngOf } from '../server/test/images';
import { startPgBouncer, type RunningPgBouncer } from '../server/test/pgbouncer';
import { startS3Server, type TestS3 } from '../server/test/s3';
import { sseBlocks } from '../server/test/sse';
import { freePort } from '../server/test/server';
import { percentile } from './random';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    clients: { type: 'string', default: '24' },
    'throughput-seconds': { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '32' },
  },
});
const SECONDS = Number(args.seconds);
const CLIENTS = Number(args.clients);
const THROUGHPUT_SECONDS = Number(args['throughput-seconds']);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);
if (!(SECONDS >= 20) || !(CLIENTS >= 4) || CLIENTS % 2 !== 0) throw new Error('--seconds must be at least 20 and --clients an even number, at least 4');

const INSTANCES = 3;
const SESSION_CACHE_MS = 5000;
const AUTH_SECRET = crypto.randomBytes(24).toString('hex');
const PASSWORD = 'cluster password 1';
const ROOT = path.resolve(import.meta.dirname, '..');
const COMPILED_MAIN = path.join(ROOT, 'dist/server.js');
const SERVER_URL = process.env.CLUSTER_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** How long after the load stops the streams may take to catch up. */
const SETTLE_MS = 20_000;
/** Paces, per client, below every per-user limit (LIMITS in server/http/limits.ts) for any run length. */
const PACE = { messageMs: 2500, storyMs: 15_000, commentMs: 8000, reactionMs: 6000 };

const log = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/* ---------------------------------------------------------------- what is started, and stopped */

const cleanups: Array<() => Promise<void>> = [];
let cleaning: Promise<void> | null = null;
function cleanUp(): Promise<void> {
  return (cleaning ??= (async () => {
    for (const step of cleanups.splice(0).reverse()) await step().catch((err: unknown) => log(`cleanup: ${(err as Error).message}`));
  })());
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping everything`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function admin<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

interface Instance {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  exited: Promise<void>;
}

/** The compiled server on `port`, its DATA_DIR `dataRoot/<name>`: instances share nothing on disk. */
async function startInstance(name: string, port: number, env: Record<string, string>, dataRoot: string): Promise<Instance> {
  const child = spawn(process.execPath, [COMPILED_MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: path.join(dataRoot, name) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`${name} did not answer /api/health within 90 s`);
    await sleep(100);
  }
  return { name, port, url, process: child, exited };
}

async function stopInstance(instance: Instance): Promise<void> {
  if (instance.process.exitCode !== null || instance.process.signalCode !== null) return;
  instance.process.kill('SIGTERM');
  const timer = setTimeout(() => instance.process.kill('SIGKILL'), 15_000);
  await instance.exited;
  clearTimeout(timer);
}

/* ---------------------------------------------------------------- requests, counted */

interface Call {
  at: number;
  ms: number;
  status: number;
  instance: string | null;
}

/** A request that got no HTTP answer at all: its connection was closed or refused. */
interface Failure {
  what: string;
  at: number;
  failedAt: number;
  message: string;
}

/** How long after a kill -9 a connection it dropped can take to be noticed, under load. */
const KILL_NOTICED_MS = 10_000;

class Tally {
  readonly calls: Call[] = [];
  readonly failures: Failure[] = [];
  killedAt = Number.POSITIVE_INFINITY;
  /** When the killed process was gone: a request sent before then may still have reached it. */
  exitedAt = Number.POSITIVE_INFINITY;
  killedName = '';

  async call<T>(what: string, send: () => Promise<{ status: number; body: T; headers: Headers }>): Promise<{ status: number; body: T } | null> {
    const at = performance.now();
    try {
      const res = await send();
      this.calls.push({ at, ms: performance.now() - at, status: res.status, instance: res.headers.get('x-drabble-instance') });
      return res;
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      const message = `${(err as Error).message}${cause ? ` (${cause.code ?? ''} ${cause.message ?? ''})` : ''}`;
      this.failures.push({ what, at, failedAt: performance.now(), message });
      return null;
    }
  }

  /** 5xx from the killed instance, on requests sent before it was known to be down. */
  get killed5xx(): Call[] {
    return this.calls.filter((c) => c.status >= 500 && c.instance === this.killedName && c.at >= this.killedAt - 60_000 && c.at <= this.killedAt + KILL_NOTICED_MS);
  }

  /**
   * Requests already on their way when the instance was killed, whose connection then closed with
   * no answer: the killed instance had them. HAProxy resends a request only when no instance can
   * have started on it (retries on a refused connection), never one it had passed on (a message
   * could be sent twice): it answers 502, or closes the client's connection with no answer (seen
   * under load for a POST sent 23 ms before the kill: UND_ERR_SOCKET "other side closed"). Whether
   * such a message was saved, the database says (LoadState.uncertain). A request sent between the
   * kill signal and the process's exit counts too (seen: one sent 3 ms after the signal, closed).
   */
  get killedNoAnswer(): Failure[] {
    return this.failures.filter((f) => f.at < this.exitedAt && f.failedAt >= this.killedAt && f.failedAt <= this.killedAt + KILL_NOTICED_MS);
  }

  get unexpected5xx(): Call[] {
    const killed = new Set(this.killed5xx);
    return this.calls.filter((c) => c.status >= 500 && !killed.has(c));
  }

  get unexpectedNoAnswer(): Failure[] {
    const killed = new Set(this.killedNoAnswer);
    return this.failures.filter((f) => !killed.has(f));
  }
}

/* ---------------------------------------------------------------- live streams, as EventSource */

interface Received {
  id: number;
  event: string;
  data: string;
}

/**
 * One tab's live stream through HAProxy: reconnects when the connection ends (the server's
 * `retry:` later, as EventSource does), sending the last id it saw as Last-Event-ID.
 */
class LiveTab {
  readonly received: Received[] = [];
  connects = 0;
  private lastId: string | null = null;
  private retryMs = 3000;
  private controller = new AbortController();
  private closed = false;
  private readonly waiters: Array<() => void> = [];
  ended: string | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly cookie: () => string,
    private readonly reconnect = true,
  ) {}

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      void this.run(resolve, reject);
    });
  }

  private async run(opened: () => void, failed: (err: Error) => void): Promise<void> {
    let first = true;
    while (!this.closed) {
      try {
        const headers: Record<string, string> = { accept: 'text/event-stream', cookie: this.cookie() };
        if (this.lastId) headers['last-event-id'] = this.lastId;
        this.controller = new AbortController();
        const res = await fetch(`${this.baseUrl}/api/events`, { headers, signal: this.controller.signal });
        if (res.status !== 200 || !res.body) {
          if (first) failed(new Error(`GET /api/events: ${res.status}`));
          this.ended = `status ${res.status}`;
          return;
        }
        this.connects += 1;
        if (first) opened();
        first = false;
        await this.read(res.body);
      } catch (err) {
        if (this.closed) return;
        if (first) {
          failed(err as Error);
          return;
        }
      }
      if (!this.reconnect || this.ended) return;
      await sleep(this.retryMs);
    }
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    for await (const { id, event, data, retry } of sseBlocks(body)) {
      if (retry !== null) this.retryMs = retry;
      if (id !== null) this.lastId = id;
      if (data === null) continue;
      this.received.push({ id: Number(id ?? Number.NaN), event, data });
      if (event === 'session.ended') this.ended = event;
      this.waiters.splice(0).forEach((w) => w());
    }
  }

  /** Resolves with the time the first event of this type arrived, or null after `ms`. */
  async waitFor(event: string, ms: number): Promise<number | null> {
    const deadline = performance.now() + ms;
    while (performance.now() < deadline) {
      if (this.received.some((r) => r.event === event)) return performance.now();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - performance.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return null;
  }

  close(): void {
    this.closed = true;
    this.controller.abort();
  }
}

/* ---------------------------------------------------------------- the people */

interface Person {
  index: number;
  uid: string;
  email: string;
  client: TestClient;
  tab: LiveTab;
}

async function signUp(baseUrl: string, origin: string, label: string, tally: Tally | null = null): Promise<Omit<Person, 'tab' | 'index'>> {
  const client = new TestClient(baseUrl, origin);
  const email = `${label}@cluster.test`;
  const send = () => client.post<{ user: { id: string } }>('/api/auth/sign-up/email', { email, password: PASSWORD, name: label.replace(/-/g, ' ') });
  const res = tally ? await tally.call('sign-up', send) : await send();
  if (!res || res.status !== 200) throw new Error(`sign-up of ${label} failed: ${res?.status} ${JSON.stringify(res?.body)}`);
  return { uid: res.body.user.id, email, client };
}

/** The same browser session, talking to one instance directly (origin: the public URL). */
function onInstance(person: { client: TestClient }, instance: Instance, publicUrl: string): TestClient {
  return new TestClient(instance.url, publicUrl).adopt(person.client);
}

/**
 * Each instance takes one writer's profile image; every instance then serves every image, byte
 * for byte the same, from the bucket (each has a DATA_DIR of its own), and the bucket holds them.
 */
async function profileImages(people: Person[], instances: Instance[], publicUrl: string, s3: TestS3): Promise<boolean> {
  const uploaders = people.slice(0, instances.length);
  for (const [i, person] of uploaders.entries()) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await pngOf(96, 96, ['#c33', '#3c3', '#33c'][i % 3]))], { type: 'image/png' }), 'me.png');
    const res = await fetch(new URL('/api/me/profile-image', instances[i]!.url), { method: 'POST', body: form, headers: { cookie: person.client.cookieHeader, origin: publicUrl } });
    if (res.status !== 200) throw new Error(`profile image upload on ${instances[i]!.name}: ${res.status} ${await res.text()}`);
  }
  let identical = 0;
  for (const person of uploaders) {
    const served = await Promise.all(
      instances.map(async (instance) => {
        const res = await fetch(new URL(`/api/images/profile/${person.uid}`, instance.url));
        return res.status === 200 ? Buffer.from(await res.arrayBuffer()) : null;
      }),
    );
    if (served.every((bytes) => bytes !== null && bytes.length > 0 && bytes.equals(served[0]!))) identical++;
  }
  const keys = await s3.keys();
  const ok = identical === uploaders.length && keys.length >= uploaders.length;
  log(`Profile images: ${uploaders.length} uploaded, one on each instance; ${identical} of them served identically by all ${instances.length}; ${keys.length} objects in the bucket${ok ? '' : ' — FAILED'}`);
  return ok;
}

/* ---------------------------------------------------------------- the mixed load */

function storyIdsOf(body: unknown): string[] {
  const list = (body as { stories?: unknown; items?: unknown } | null)?.stories ?? (body as { items?: unknown } | null)?.items;
  return Array.isArray(list) ? list.map((s: { id?: unknown }) => s.id).filter((id): id is string => typeof id === 'string') : [];
}

interface LoadState {
  running: boolean;
  storyIds: string[];
  sent: Map<string, number>;
  /** Messages whose POST got no clear answer (a 5xx from the killed instance): committed or not, the database says. */
  uncertain: number;
  refused429: number;
  other4xx: string[];
}

async function clientLoop(me: Person, partner: Person, tally: Tally, state: LoadState, run: string): Promise<void> {
  const role = me.index % 3;
  const next = { message: performance.now() + Math.random() * PACE.messageMs, story: 0, comment: performance.now() + 3000, reaction: 0 };
  let conversationId: string | null = null;
  // The lower index of each pair starts the conversation; the other waits for it to exist.
  const starts = me.index < partner.index;
  let seq = 0;
  const note = (what: string, res: { status: number; body: unknown } | null) => {
    if (!res) return;
    if (res.status === 429) state.refused429 += 1;
    else if (res.status >= 400 && res.status < 500) state.other4xx.push(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  };
  while (state.running) {
    const now = performance.now();
    if (now >= next.message && (conversationId || starts)) {
      next.message = now + PACE.messageMs * (0.8 + Math.random() * 0.4);
      seq += 1;
      const text = `cluster ${run} from ${me.index} #${seq}`;
      const open: string | null = conversationId;
      const res: { status: number; body: unknown } | null = open
        ? await tally.call('message', () => me.client.post(`/api/conversations/${open}/messages`, { text }))
        : await tally.call('conversation', () => me.client.post('/api/conversations', { to: partner.uid, text }));
      if (res && res.status === 201) {
        if (!conversationId) conversationId = (res.body as { conversation: { id: string } }).conversation.id;
        state.sent.set(text, me.index);
      } else if (!res || res.status >= 500) state.uncertain += 1;
      note('message', res);
    } else if (!conversationId && !starts) {
      // The partner's first message says which conversation it is.
      const heard = me.tab.received.find((r) => r.event === 'message.created');
      if (heard) conversationId = (JSON.parse(heard.data) as { conversationId: string }).conversationId;
    }
    if (role === 0) {
      // A reader: the community list, then a story and its comments.
      const list = await tally.call('community', () => me.client.get('/api/stories/community'));
      note('community', list);
      const ids = list ? storyIdsOf(list.body) : [];
      const id = ids[Math.floor(Math.random() * ids.length)];
      if (id) {
        note('story', await tally.call('story', () => me.client.get(`/api/stories/${id}`)));
        note('comments', await tally.call('comments', () => me.client.get(`/api/stories/${id}/comments`)));
      }
    } else if (role === 1 && now >= next.story) {
      next.story = now + PACE.storyMs;
      const res = await tally.call('save', () => me.client.post<{ story: { id: string } }>('/api/stories', buildStoryInput({ public: true })));
      note('save', res);
      if (res?.status === 201) state.storyIds.push((res.body as { story: { id: string } }).story.id);
    } else if (role === 2 || role === 1) {
      const id = state.storyIds[Math.floor(Math.random() * state.storyIds.length)];
      if (id && now >= next.comment) {
        next.comment = now + PACE.commentMs;
        note('comment', await tally.call('comment', () => me.client.post(`/api/stories/${id}/comments`, { text: `A comment from ${me.index}, run ${run}.` })));
      } else if (id && now >= next.reaction) {
        next.reaction = now + PACE.reactionMs;
        const kind = REACTION_KINDS[Math.floor(Math.random() * REACTION_KINDS.length)]!;
        note('reaction', await tally.call('reaction', () => me.client.send('PUT', `/api/stories/${id}/reactions/${kind}`)));
      } else {
        note('community', await tally.call('community', () => me.client.get('/api/stories/community')));
      }
    }
    await sleep(250 + Math.random() * 500);
  }
}

/* ---------------------------------------------------------------- the checks */

/** A burst of story saves by one writer, round-robin over every instance at once: exactly the limit gets through. */
async function limitBurst(instances: Instance[], publicUrl: string, run: string) {
  const max = LIMITS.storyWrites.max;
  const writer = await signUp(publicUrl, publicUrl, `burst-${run}`);
  const clients = instances.map((instance) => onInstance(writer, instance, publicUrl));
  const attempts = max + Math.ceil(max / 2);
  const statuses = await Promise.all(
    Array.from({ length: attempts }, (_, i) => clients[i % clients.length]!.post('/api/stories', buildStoryInput({ public: false })).then((r) => r.status, () => 0)),
  );
  const allowed = statuses.filter((s) => s === 201).length;
  const refused = statuses.filter((s) => s === 429).length;
  const exact = allowed === max && refused === attempts - max;
  log(`Limit burst: ${attempts} story saves by one writer over ${instances.length} instances at once: ${allowed} saved, ${refused} refused 429 (LIMITS.storyWrites: ${max} per ${LIMITS.storyWrites.windowMs / 60_000} min)${exact ? '' : ` — NOT EXACT: ${JSON.stringify(statuses)}`}`);
  return exact;
}

/**
 * A session ended on instance `a` (signed out there, or the account suspended by an admin there):
 * the stream open on `b` hears `session.ended` and a request on `c` is answered 401, both within
 * SESSION_CACHE_MS. `c` answered 200 just before, so its session cache holds the session.
 */
async function sessionEnds(kind: 'sign-out' | 'suspension', [a, b, c]: Instance[], publicUrl: string, run: string, directUrl: string) {
  const person = await signUp(publicUrl, publicUrl, `${kind}-${run}`);
  const onC = onInstance(person, c!, publicUrl);
  const tab = new LiveTab(b!.url, () => person.client.cookieHeader, false);
  await tab.start();
  const before = await onC.get('/api/me');
  if (before.status !== 200) throw new Error(`GET /api/me on ${c!.name} before the ${kind}: ${before.status}`);
  let ended: number;
  if (kind === 'sign-out') {
    ended = performance.now();
    const res = await onInstance(person, a!, publicUrl).post('/api/auth/sign-out', {});
    if (res.status !== 200) throw new Error(`sign-out on ${a!.name}: ${res.status}`);
  } else {
    const moderator = await signUp(publicUrl, publicUrl, `admin-${run}`);
    // Set-up only: made an admin in the database, as the owner would in the admin screens.
    // (Its address counted as verified too: instances starting later demote unverified admins.)
    await admin(directUrl, 'update "authUsers" set "emailVerified" = true where id = $1', [moderator.uid]);
    await admin(directUrl, 'update users set admin = 1, "emailVerified" = 1 where uid = $1', [moderator.uid]);
    ended = performance.now();
    const res = await onInstance(moderator, a!, publicUrl).post(`/api/admin/users/${person.uid}/actions`, { action: 'suspend', reason: 'Cluster check' });
    if (res.status !== 200) throw new Error(`suspension on ${a!.name}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const heardAt = await tab.waitFor('session.ended', SESSION_CACHE_MS + 5000);
  let refusedAt: number | null = null;
  while (performance.now() - ended < SESSION_CACHE_MS + 5000) {
    if ((await onC.get('/api/me')).status === 401) {
      refusedAt = performance.now();
      break;
    }
    await sleep(50);
  }
  tab.close();
  const stream = heardAt === null ? null : heardAt - ended;
  const request = refusedAt === null ? null : refusedAt - ended;
  const within = stream !== null && request !== null && stream <= SESSION_CACHE_MS && request <= SESSION_CACHE_MS;
  const ms = (v: number | null) => (v === null ? 'never' : `${Math.round(v)} ms`);
  log(`Session (${kind} on ${a!.name}): stream on ${b!.name} told session.ended after ${ms(stream)}, ${c!.name} answered 401 after ${ms(request)} (window ${SESSION_CACHE_MS} ms)${within ? '' : ' — TOO LATE'}`);
  return within;
}

interface EventCount {
  expected: number;
  received: number;
  lost: number;
  duplicated: number;
  outOfOrder: number;
}

/** Every committed message of the run, to both participants: what each stream must have got, once, in order. */
async function countEvents(people: Person[], directUrl: string, run: string): Promise<EventCount> {
  const rows = await admin<{ text: string; conversationId: string }>(directUrl, `select text, "conversationId" from "conversationMessages" where text like $1`, [`cluster ${run} %`]);
  const byIndex = new Map(people.map((p) => [p.index, p]));
  const count: EventCount = { expected: 0, received: 0, lost: 0, duplicated: 0, outOfOrder: 0 };
  const expectedFor = new Map<number, Set<string>>();
  for (const row of rows) {
    const sender = Number(/ from (\d+) #/.exec(row.text)?.[1]);
    const partner = sender ^ 1;
    for (const index of [sender, partner]) {
      if (!byIndex.has(index)) continue;
      let set = expectedFor.get(index);
      if (!set) expectedFor.set(index, (set = new Set()));
      set.add(row.text);
    }
  }
  for (const person of people) {
    const expected = expectedFor.get(person.index) ?? new Set<string>();
    const seen = new Map<string, number>();
    let lastId = 0;
    const lastSeq = new Map<number, number>();
    for (const event of person.tab.received) {
      if (!Number.isNaN(event.id)) {
        if (event.id <= lastId) count.outOfOrder += 1;
        lastId = Math.max(lastId, event.id);
      }
      if (event.event !== 'message.created') continue;
      const text = (JSON.parse(event.data) as { message: { text: string } }).message.text;
      if (!text.startsWith(`cluster ${run} `)) continue;
      seen.set(text, (seen.get(text) ?? 0) + 1);
      const [, from, seq] = / from (\d+) #(\d+)$/.exec(text) ?? [];
      if (Number(seq) <= (lastSeq.get(Number(from)) ?? 0)) count.outOfOrder += 1;
      lastSeq.set(Number(from), Number(seq));
    }
    count.expected += expected.size;
    for (const text of expected) {
      const times = seen.get(text) ?? 0;
      if (times === 0) count.lost += 1;
      else count.received += 1;
      if (times > 1) count.duplicated += times - 1;
    }
    // A message.created for a message the database does not hold would be an invention.
    for (const text of seen.keys()) if (!expected.has(text)) count.duplicated += 1;
  }
  return count;
}

/* ---------------------------------------------------------------- throughput */

interface Throughput {
  reqPerSec: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** A closed loop of `connections` keep-alive connections, each sending the next request when the last is answered. */
async function measure(url: string, cookie: string, seconds: number): Promise<Throughput> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const target = new URL(url);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get({ agent, host: target.hostname, port: target.port, path: target.pathname, headers: { cookie, 'accept-encoding': 'gzip' } }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - started);
          if (res.statusCode !== 200) non2xx += 1;
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((x, y) => x - y);
  return { reqPerSec: latencies.length / elapsed, p95: percentile(latencies, 95), p99: percentile(latencies, 99), non2xx, errors };
}

/* ---------------------------------------------------------------- the run */

async function main(): Promise<number> {
  if (!fs.existsSync(COMPILED_MAIN)) throw new Error('dist/server.js is missing: run `npm run build` first (npm run cluster does)');
  const run = crypto.randomBytes(4).toString('hex');
  log(`Cluster run ${run}: ${SECONDS} s, ${CLIENTS} clients, ${INSTANCES} instances; ${os.cpus().length} cores, Node ${process.version}; load ${loadavg()}`);

  // PostgreSQL: a database of the run's own.
  const dbName = `drabble_cluster_${run}`;
  await admin(SERVER_URL, `create database ${dbName}`);
  const directUrl = databaseUrl(SERVER_URL, dbName);
  cleanups.push(() => admin(SERVER_URL, `drop database if exists ${dbName} with (force)`).then(() => undefined));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-cluster-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));

  const bouncer: RunningPgBouncer = await startPgBouncer({ targetUrl: directUrl, poolSize: 20 });
  cleanups.push(() => bouncer.stop());
  log(`PgBouncer (transaction pooling, 20 server connections) at ${bouncer.url.replace(/\/[^/]*$/, '')} → PostgreSQL ${new URL(SERVER_URL).host}`);

  const s3 = await startS3Server();
  cleanups.push(() => s3.stop());
  log(`Profile images in a real S3-protocol server (s3rver, SigV4 checked) at ${s3.endpoint}, bucket ${s3.bucket}; every instance has a DATA_DIR of its own`);

  const ports = await Promise.all(Array.from({ length: INSTANCES + 2 }, () => freePort()));
  const [proxyPort, singlePort, ...instancePorts] = ports as [number, number, ...number[]];
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  const env: Record<string, string> = {
    DATABASE_URL: bouncer.url,
    DATABASE_LISTEN_URL: directUrl,
    ...s3.env,
    AUTH_SECRET,
    PUBLIC_URL: publicUrl,
    TRUSTED_PROXY_HEADER: 'x-forwarded-for',
    // After SIGTERM, health fails while everything is still answered: HAProxy's checks (a
    // second apart, two to fail) take the instance out before it closes a connection.
    DRAIN_NOTICE_SECONDS: '3',
    SESSION_CACHE_MS: String(SESSION_CACHE_MS),
    // Every client of the run signs up from this one address.
    SIGNUP_RATE_LIMIT: '100000',
    LOG_LEVEL: 'warn',
  };
  const instances: Instance[] = [];
  cleanups.push(() => Promise.all(instances.map(stopInstance)).then(() => undefined));
  // All at once on the new database, as a deployment starts them: they migrate one after another.
  instances.push(...(await Promise.all(instancePorts.map((port, i) => startInstance(`app${i + 1}`, port, env, dataDir)))));
  const proxy: RunningHaProxy = await startHaProxy({ servers: instances.map((i) => `127.0.0.1:${i.port}`), port: proxyPort });
  cleanups.push(() => proxy.stop());
  log(`HAProxy at ${publicUrl} → ${instances.map((i) => `${i.name} :${i.port}`).join(', ')} (node dist/server.js, DATABASE_URL through PgBouncer, DATABASE_LISTEN_URL direct)`);

  // The people: pairs of friends (following each other), every one with a live stream.
  const tally = new Tally();
  const people: Person[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const signed = await signUp(publicUrl, publicUrl, `client-${i}-${run}`, tally);
    people.push({ ...signed, index: i, tab: new LiveTab(publicUrl, () => signed.client.cookieHeader) });
  }
  // Set-up only: accounts under a day old may not start conversations.
  await admin(directUrl, `update users set created_at = $1 where uid = any($2)`, [new Date(Date.now() - 2 * 86_400_000).toISOString(), people.map((p) => p.uid)]);
  for (const person of people) {
    const res = await person.client.post(`/api/follows/${people[person.index ^ 1]!.uid}`);
    if (res.status >= 300) throw new Error(`follow: ${res.status} ${JSON.stringify(res.body)}`);
  }
  await Promise.all(people.map((p) => p.tab.start()));
  cleanups.push(async () => people.forEach((p) => p.tab.close()));
  log(`${CLIENTS} clients signed up, friends in pairs, each holding a live stream through HAProxy`);
  const imagesOk = await profileImages(people, instances, publicUrl, s3);

  const state: LoadState = { running: true, storyIds: [], sent: new Map(), uncertain: 0, refused429: 0, other4xx: [] };
  const loadStart = performance.now();
  const loops = people.map((p) => clientLoop(p, people[p.index ^ 1]!, tally, state, run));
  const at = (share: number) => sleep(Math.max(0, loadStart + SECONDS * 1000 * share - performance.now()));

  await at(0.2);
  const burstExact = await limitBurst(instances, publicUrl, run);
  await at(0.3);
  const signOutOk = await sessionEnds('sign-out', [instances[0]!, instances[1]!, instances[2]!], publicUrl, run, directUrl);
  const suspensionOk = await sessionEnds('suspension', [instances[2]!, instances[0]!, instances[1]!], publicUrl, run, directUrl);

  await at(0.5);
  const victim = instances[1]!;
  const streamsBefore = people.reduce((n, p) => n + p.tab.connects, 0);
  tally.killedName = victim.name;
  tally.killedAt = performance.now();
  victim.process.kill('SIGKILL');
  await victim.exited;
  tally.exitedAt = performance.now();
  log(`kill -9 ${victim.name} (pid ${victim.process.pid}) at ${Math.round((tally.killedAt - loadStart) / 1000)} s`);
  await sleep(8000);
  instances[1] = await startInstance(victim.name, victim.port, env, dataDir);
  log(`${victim.name} started again at ${Math.round((performance.now() - loadStart) / 1000)} s`);

  // A graceful stop under the same load: SIGTERM drains, so none of its requests may fail.
  await at(0.8);
  const drained = instances[2]!;
  const drainStart = performance.now();
  await stopInstance(drained);
  log(`SIGTERM ${drained.name}: drained and exited in ${Math.round(performance.now() - drainStart)} ms (code ${drained.process.exitCode}); its requests count as any other's`);
  instances[2] = await startInstance(drained.name, drained.port, env, dataDir);

  await at(1);
  state.running = false;
  await Promise.all(loops);
  const loadSeconds = (performance.now() - loadStart) / 1000;
  const reconnects = people.reduce((n, p) => n + p.tab.connects, 0) - streamsBefore;

  // The streams catch up with whatever committed last.
  let events = await countEvents(people, directUrl, run);
  const settleEnd = performance.now() + SETTLE_MS;
  while (events.lost > 0 && performance.now() < settleEnd) {
    await sleep(500);
    events = await countEvents(people, directUrl, run);
  }
  people.forEach((p) => p.tab.close());

  const mixed = tally.calls.map((c) => c.ms).sort((x, y) => x - y);
  const killed = tally.killed5xx.length + tally.killedNoAnswer.length;
  const unexpected = tally.unexpected5xx.length + tally.unexpectedNoAnswer.length;
  log(
    `Mixed load: ${tally.calls.length} requests in ${loadSeconds.toFixed(0)} s (${(tally.calls.length / loadSeconds).toFixed(0)}/s), p95 ${percentile(mixed, 95).toFixed(0)} ms, p99 ${percentile(mixed, 99).toFixed(0)} ms; ` +
      `${state.sent.size} messages answered 201 (+${state.uncertain} without a clear answer), ${state.storyIds.length} stories saved; ` +
      `${reconnects} stream reconnects after the kill; 429s in the load: ${state.refused429}; other 4xx: ${state.other4xx.length}`,
  );
  for (const line of state.other4xx.slice(0, 5)) log(`  4xx: ${line}`);
  for (const call of tally.unexpected5xx.slice(0, 5)) log(`  unexpected ${call.status} from ${call.instance ?? 'HAProxy'} at ${Math.round((call.at - loadStart) / 1000)} s`);
  const noAnswer = (f: Failure) => `${f.what} sent ${Math.round(f.at - tally.killedAt)} ms from the kill, failed ${Math.round(f.failedAt - tally.killedAt)} ms from it: ${f.message}`;
  for (const failure of tally.killedNoAnswer.slice(0, 5)) log(`  no answer from the killed instance: ${noAnswer(failure)}`);
  for (const failure of tally.unexpectedNoAnswer.slice(0, 10)) log(`  no answer: ${noAnswer(failure)}`);
  log(`Live events (message.created): expected ${events.expected}, received ${events.received}, lost ${events.lost}, duplicated ${events.duplicated}, out of order ${events.outOfOrder}`);

  // Throughput: the signed-in community list, through HAProxy and PgBouncer; one instance behind
  // a second HAProxy against the three behind the first, interleaved rounds.
  const single = await startHaProxy({ servers: [`127.0.0.1:${instances[0]!.port}`], port: singlePort });
  cleanups.push(() => single.stop());
  const reader = people[0]!;
  const rounds: Array<{ one: Throughput; three: Throughput }> = [];
  await measure(`${publicUrl}/api/stories/community`, reader.client.cookieHeader, 2);
  for (let r = 0; r < ROUNDS; r++) {
    const one = await measure(`${single.url}/api/stories/community`, reader.client.cookieHeader, THROUGHPUT_SECONDS);
    const three = await measure(`${publicUrl}/api/stories/community`, reader.client.cookieHeader, THROUGHPUT_SECONDS);
    rounds.push({ one, three });
    const show = (t: Throughput) => `${t.reqPerSec.toFixed(0)} req/s, p95 ${t.p95.toFixed(0)} ms, p99 ${t.p99.toFixed(0)} ms${t.non2xx + t.errors ? ` (${t.non2xx} non-2xx, ${t.errors} errors)` : ''}`;
    log(`Throughput round ${r + 1} (signed-in community list, ${CONNECTIONS} connections, ${THROUGHPUT_SECONDS} s): one instance ${show(one)}; three instances ${show(three)}; load ${loadavg()}`);
  }
  const throughputFailures = rounds.reduce((n, r) => n + r.one.non2xx + r.one.errors + r.three.non2xx + r.three.errors, 0);
  if (throughputFailures) log(`Throughput: ${throughputFailures} requests failed`);
  log(`Load at the end: ${loadavg()}`);

  await cleanUp();
  const ok =
    events.lost === 0 && events.duplicated === 0 && events.outOfOrder === 0 && events.expected > 0 && unexpected === 0 && burstExact && signOutOk && suspensionOk && imagesOk && throughputFailures === 0;
  log(
    `events: expected ${events.expected}, received ${events.received}, lost ${events.lost}, duplicated ${events.duplicated}; 5xx or no answer: ${unexpected} (+${killed} from the killed instance); limit burst: ${burstExact ? 'exact' : 'NOT exact'}`,
  );
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  async (err: unknown) => {
    log(`cluster: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    await cleanUp();
    process.exit(1);
  },
);
