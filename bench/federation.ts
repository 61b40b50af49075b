/**
 * Delivering one story to a writer's followers on other servers (docs/decisions/0065): a writer
 * with BENCH_FOLLOWERS followers (10,000) spread over BENCH_SERVERS servers (500), each with a
 * shared inbox. Publishes one public story and measures
 *
 *   - deliveries per second, from the publish until every server has its copy;
 *   - shared-inbox use: requests that reached each server (one per server, not per follower)
 *     and any that went to a follower's own inbox;
 *   - the queue's depth over time (sampled every 250 ms) and the process's memory.
 *
 *   npm run bench:federation                      SQLite in a temporary DATA_DIR
 *   DATABASE_URL=postgres://… npm run bench:federation
 *
 * The other servers are a child process listening on BENCH_SERVERS loopback ports: each answers
 * a delivery 202 after reading it, as a real inbox does before queueing its own work. They do
 * not check signatures (that is the receiving server's cost, not this one's), so the figure is
 * this server's signing, queueing and sending. Not part of `npm test`.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { loadConfig } from '../server/config';
import { startServer } from '../server/server';
import { TestClient } from '../server/test/client';
import { freePort } from '../server/test/server';
import { federationOf } from '../server/features/federation';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 10_000);
const SERVERS = Number(process.env.BENCH_SERVERS ?? 500);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 600_000);
const log = (line = '') => process.stdout.write(`${line}\n`);

type FromSink = { kind: 'ready'; ports: number[] } | { kind: 'counts'; shared: number; personal: number; servers: number };

/* ---------------------------------------------------------------- the other servers (child) */

async function runSink(): Promise<void> {
  const shared = new Map<number, number>();
  let personal = 0;
  const ports: number[] = [];
  for (let i = 0; i < SERVERS; i++) {
    const server = http.createServer((req, res) => {
      const port = (req.socket.localPort ?? 0);
      req.on('data', () => {});
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/inbox') shared.set(port, (shared.get(port) ?? 0) + 1);
        else if (req.method === 'POST') personal += 1;
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ports.push((server.address() as { port: number }).port);
  }
  process.on('message', (message: { kind: string }) => {
    if (message.kind === 'counts') {
      const total = [...shared.values()].reduce((a, b) => a + b, 0);
      process.send!({ kind: 'counts', shared: total, personal, servers: shared.size } satisfies FromSink);
    }
    if (message.kind === 'stop') process.exit(0);
  });
  process.send!({ kind: 'ready', ports } satisfies FromSink);
}

/* ---------------------------------------------------------------- the bench */

async function main(): Promise<void> {
  const sink = fork(fileURLToPath(import.meta.url), ['--sink'], { execArgv: process.execArgv, env: process.env });
  const ports = await new Promise<number[]>((resolve) => sink.once('message', (m: FromSink) => m.kind === 'ready' && resolve(m.ports)));
  const counts = () =>
    new Promise<{ shared: number; personal: number; servers: number }>((resolve) => {
      sink.once('message', (m: FromSink) => m.kind === 'counts' && resolve(m));
      sink.send({ kind: 'counts' });
    });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-bench-federation-'));
  const port = await freePort();
  const config = loadConfig({
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
    SIGNUP_RATE_LIMIT: '1000',
    LOG_LEVEL: 'silent',
  });
  const running = await startServer({ config, webDir: null, logger: pino({ level: 'silent' }) });
  const { db } = running.ctx;
  const client = new TestClient(config.publicUrl);
  const email = `bench.${Date.now()}@example.com`;
  const signUp = await client.post<{ user: { id: string } }>('/api/auth/sign-up/email', { email, password: 'bench password 1', name: 'Bench Writer' });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status}`);
  const uid = signUp.body.user.id;

  const now = new Date().toISOString();
  const actors = Array.from({ length: FOLLOWERS }, (_, i) => {
    const p = ports[i % SERVERS]!;
    const base = `http://127.0.0.1:${p}`;
    return { uri: `${base}/users/r${i}`, domain: '127.0.0.1', handle: `@r${i}@127.0.0.1:${p}`, name: `Reader ${i}`, url: null, iconUrl: null, avatarUrl: null, inbox: `${base}/users/r${i}/inbox`, sharedInbox: `${base}/inbox`, updated_at: now };
  });
  for (let i = 0; i < actors.length; i += 500) {
    const slice = actors.slice(i, i + 500);
    await db.insertInto('remoteActors').values(slice).execute();
    await db.insertInto('remoteFollowers').values(slice.map((a) => ({ uid, actorUri: a.uri, followId: `${a.uri}#follow`, created_at: now }))).execute();
  }
  log(`Federation delivery: ${FOLLOWERS.toLocaleString('en')} followers on ${SERVERS} servers, ${running.ctx.dialect}, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  const samples: { ms: number; queued: number; rssMb: number }[] = [];
  const started = performance.now();
  const posted = await client.post('/api/stories', { title: 'Out to sea', content: 'One story, five hundred harbours.', public: true });
  if (posted.status !== 201) throw new Error(`story failed: ${posted.status}`);
  federationOf(running.ctx)!.stories.trigger([uid]);
  let done: { shared: number; personal: number; servers: number } = { shared: 0, personal: 0, servers: 0 };
  while (performance.now() - started < TIMEOUT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const depth = await federationOf(running.ctx)!.fed.queue.getDepth();
    samples.push({ ms: Math.round(performance.now() - started), queued: depth.queued, rssMb: Math.round(process.memoryUsage().rss / 1e6) });
    done = await counts();
    if (done.shared >= SERVERS && depth.queued === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  log(`  delivered to ${done.servers}/${SERVERS} servers in ${seconds.toFixed(2)} s: ${(done.shared / seconds).toFixed(1)} deliveries/s`);
  log(`  requests: ${done.shared} to shared inboxes (${(done.shared / Math.max(1, done.servers)).toFixed(2)} per server), ${done.personal} to followers' own inboxes`);
  const peak = samples.reduce((a, s) => (s.queued > a.queued ? s : a), samples[0] ?? { ms: 0, queued: 0, rssMb: 0 });
  log(`  queue depth: peak ${peak.queued} at ${(peak.ms / 1000).toFixed(1)} s; memory: peak RSS ${Math.max(...samples.map((s) => s.rssMb))} MB`);
  log('  depth over time (s: queued):');
  const step = Math.max(1, Math.floor(samples.length / 20));
  log(`    ${samples.filter((_, i) => i % step === 0).map((s) => `${(s.ms / 1000).toFixed(1)}:${s.queued}`).join('  ')}`);

  sink.send({ kind: 'stop' });
  await running.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (done.servers < SERVERS) {
    log(`FAILED: ${SERVERS - done.servers} servers got nothing within ${TIMEOUT_MS / 1000} s`);
    process.exitCode = 1;
  }
  if (done.personal > 0) {
    log('FAILED: deliveries went to followers’ own inboxes although their servers have a shared one');
    process.exitCode = 1;
  }
}

if (process.argv.includes('--sink')) void runSink();
else
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
