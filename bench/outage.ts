/**
 * How fast the server answers while its PostgreSQL is down, and how soon it serves again once
 * the database is back (docs/decisions/0030-staying-up.md). On a PostgreSQL cluster
 * of its own (initdb + pg_ctl in a temp directory, server/test/pg-cluster.ts), never a shared
 * one, it starts Drabble, signs a writer up, then:
 *
 *   (a) stops PostgreSQL ('fast', a clean restart's first half) and times BENCH_REQUESTS
 *       requests of three kinds (guest community list, signed-in GET /api/me, a signed-in
 *       story save): every answer must be a 503 with Retry-After, and the slowest within 2 s;
 *   (b) starts PostgreSQL again and times until the first signed-in request is answered 200,
 *       without restarting Drabble.
 *
 *   npm run bench:outage
 *   BENCH_REQUESTS=300 BENCH_ROUNDS=5 npm run bench:outage
 *
 * Needs PostgreSQL's server programs (/usr/lib/postgresql/<v>/bin, or PG_BIN). Not part of `npm test`.
 */
import pino from 'pino';
import { loadConfig } from '../server/config';
import { startServer } from '../server/server';
import { createTestDatabase } from '../server/test/databases';
import { createPgCluster, postgresBinaries } from '../server/test/pg-cluster';
import { TestClient } from '../server/test/client';
import { freePort } from '../server/test/server';
import { buildStoryInput } from '../server/features/stories/test-support-builders';
import { percentile } from './random';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 150);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_MS = 2000;

const log = (line = '') => process.stdout.write(`${line}\n`);

async function timed(request: () => Promise<Response>): Promise<{ ms: number; status: number; retryAfter: string | null }> {
  const start = performance.now();
  const res = await request();
  await res.arrayBuffer();
  return { ms: performance.now() - start, status: res.status, retryAfter: res.headers.get('retry-after') };
}

async function main(): Promise<void> {
  if (!postgresBinaries()) throw new Error('PostgreSQL server programs (initdb, pg_ctl) are not installed: apt-get install postgresql, or set PG_BIN');
  const cluster = await createPgCluster();
  const database = await createTestDatabase('postgres', { postgresUrl: cluster.url });
  const config = loadConfig({ ...database.env, PORT: String(await freePort()), AUTH_SECRET: 'bench-secret-that-is-long-enough-000000', SESSION_CACHE_MS: '0' });
  const server = await startServer({ config, database: database.handle, webDir: null, logger: pino({ level: 'silent' }) });
  try {
    const writer = new TestClient(config.publicUrl);
    const signedUp = await writer.post('/api/auth/sign-up/email', { email: 'outage@bench.test', password: 'bench password 1', name: 'Outage' });
    if (signedUp.status !== 200) throw new Error(`sign-up failed: ${signedUp.status}`);
    const guest = new TestClient(config.publicUrl);
    const kinds = [
      () => guest.raw('GET', '/api/stories/community'),
      () => writer.raw('GET', '/api/me'),
      () => writer.raw('POST', '/api/stories', { body: JSON.stringify(buildStoryInput({})), headers: { 'content-type': 'application/json' } }),
    ];
    log(`Drabble on a PostgreSQL cluster of its own (port ${cluster.port}); ${REQUESTS} requests while it is down, ${ROUNDS} rounds`);
    let met = true;
    for (let round = 1; round <= ROUNDS; round++) {
      await cluster.stop('fast');
      const answers = [];
      for (let i = 0; i < REQUESTS; i++) answers.push(await timed(kinds[i % kinds.length]!));
      const ms = answers.map((a) => a.ms).sort((x, y) => x - y);
      const wrong = answers.filter((a) => a.status !== 503 || a.retryAfter === null).length;
      const startAt = performance.now();
      await cluster.start();
      const started = performance.now() - startAt;
      const backAt = performance.now();
      let tries = 0;
      for (;;) {
        tries += 1;
        const res = await writer.raw('GET', '/api/me');
        await res.arrayBuffer();
        if (res.status === 200) break;
        if (performance.now() - backAt > 60_000) throw new Error('not serving a minute after the database came back');
      }
      const back = performance.now() - backAt;
      const ok = wrong === 0 && ms.at(-1)! <= TARGET_MS;
      met &&= ok;
      log(
        `  round ${round}: down: p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, slowest ${ms.at(-1)!.toFixed(1)} ms, ` +
          `${wrong} not a 503 with Retry-After; PostgreSQL up in ${started.toFixed(0)} ms, then serving after ${back.toFixed(0)} ms (${tries} tries) ${ok ? 'met' : 'NOT met'}`,
      );
    }
    log(`Target: every answer a 503 with Retry-After within ${TARGET_MS} ms while down; serving again without a restart: ${met ? 'met' : 'NOT met'}`);
    process.exitCode = met ? 0 : 1;
  } finally {
    await server.close();
    await cluster.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
