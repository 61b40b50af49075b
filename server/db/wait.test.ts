import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startServer } from '../server';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { createPgCluster, postgresBinaries, type PgCluster } from '../test/pg-cluster';
import { freePort } from '../test/server';
import { TestClient } from '../test/client';
import { compiledServer, startServerProcess } from '../test/server-process';

interface LogLine {
  level: number;
  msg: string;
  attempt?: number;
  retryInMs?: number;
}

function capturingLogger() {
  const lines: LogLine[] = [];
  const waiters = new Set<() => void>();
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
        waiters.forEach((wake) => wake());
        done();
      },
    }),
  );
  /** Resolves once `count` lines match (the log is what the test waits on, not a clock). */
  const waitFor = (match: (line: LogLine) => boolean, count: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (lines.filter(match).length < count) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  return { logger, lines, waitFor };
}

const notYet = (line: LogLine) => line.msg.startsWith('database not reachable yet');

describe.runIf(postgresBinaries())('a server started before its PostgreSQL is reachable', () => {
  let cluster: PgCluster;
  let database: TestDatabase;
  beforeAll(async () => {
    cluster = await createPgCluster();
    database = await createTestDatabase('postgres', { postgresUrl: cluster.url });
    await cluster.stop();
  });
  afterAll(async () => {
    await database?.handle.close().catch(() => {});
    await cluster?.destroy();
  });

  it('waits with backoff, logging each try, then serves once the database is up', async () => {
    const { logger, lines, waitFor } = capturingLogger();
    const port = await freePort();
    const config = loadConfig({ ...database.env, PORT: String(port), AUTH_SECRET: 'test-secret-that-is-long-enough-000000', DB_WAIT_SECONDS: '120' });
    const starting = startServer({ config, database: database.handle, webDir: null, logger });
    // A server that does not wait fails (or starts) here instead of logging its tries.
    await Promise.race([waitFor(notYet, 2), starting.then(() => Promise.reject(new Error('started while the database was down')))]);
    await cluster.start();
    const server = await starting;
    try {
      const tries = lines.filter(notYet);
      expect(tries.slice(0, 2).map((l) => [l.level, l.attempt, l.retryInMs])).toEqual([
        [40, 1, 500],
        [40, 2, 1000],
      ]);
      expect(lines.some((l) => l.msg === 'database reachable')).toBe(true);
      const client = new TestClient(server.url);
      expect((await client.get('/api/health')).status).toBe(200);
      const signUp = await client.post('/api/auth/sign-up/email', { email: 'early@example.com', password: 'correct horse 1', name: 'Early' });
      expect(signUp.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('a server whose database stays out of reach', () => {
  beforeAll(() => compiledServer(), 60_000);

  it('gives up after DB_WAIT_SECONDS with one clear line, having logged its tries', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-wait-'));
    const proc = await startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()), DB_WAIT_SECONDS: '1', DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/test` });
    try {
      expect(await proc.exited).toBe(1);
      expect(proc.output()).toContain('database not reachable yet (try 1)');
      expect(proc.output()).toMatch(/Drabble could not start: .*ECONNREFUSED/);
    } finally {
      proc.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
