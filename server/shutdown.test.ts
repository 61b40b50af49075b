import http from 'node:http';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildStoryInput } from './features/stories/test-support-builders';
import { createTestDatabase, testDialects } from './test/databases';
import { freePort } from './test/server';
import { TestClient } from './test/client';
import { compiledServer, startServerProcess } from './test/server-process';

const TOKEN = 'shutdown-test-token-0123456789';
const IN_FLIGHT = 5;

async function waitUntil(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not happen within ${ms} ms`);
}

/** Requests being answered, from the server's own gauge (the scrape itself is one of them). */
async function inFlight(url: string): Promise<number> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const family = parsePrometheusTextFormat(await res.text()).find((f) => f.name === 'drabble_http_requests_in_flight');
  return Number(family?.metrics[0]?.value ?? 0) - 1;
}

/**
 * A story save whose body arrives in two parts: the server is answering it (its handler is
 * reading the body) from the first part on, and `finish` sends the rest.
 */
function slowSave(client: TestClient) {
  const body = JSON.stringify(buildStoryInput({ public: true }));
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  controller.enqueue(new TextEncoder().encode(body.slice(0, 10)));
  const response = fetch(new URL('/api/stories', client.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: client.cookieHeader, origin: client.baseUrl },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  return {
    response,
    finish: () => {
      controller.enqueue(new TextEncoder().encode(body.slice(10)));
      controller.close();
    },
  };
}

/** A GET on `agent`'s kept-alive connection: its status, the connection header, and which socket carried it. */
function getOn(agent: http.Agent, url: string): Promise<{ status: number; connection: string | undefined; socket: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, socket: req.socket }));
    });
    req.on('error', reject);
  });
}

beforeAll(() => compiledServer(), 60_000);

describe.each(testDialects())('SIGTERM on %s', (dialect) => {
  it('answers every request in flight, tells open streams when to reconnect, then exits cleanly', async () => {
    const database = await createTestDatabase(dialect);
    await database.handle.close();
    const port = await freePort();
    const url = `http://localhost:${port}`;
    // Three seconds of notice: the health check fails while everything else is still answered.
    const proc = await startServerProcess({ ...database.env, PORT: String(port), METRICS_TOKEN: TOKEN, AUTH_SECRET: 'test-secret-that-is-long-enough-000000', DRAIN_NOTICE_SECONDS: '3' });
    const balancer = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await waitUntil(async () => (await fetch(`${url}/api/health`)).ok, 'the server answering');
      const writer = new TestClient(url);
      const signedUp = await writer.post('/api/auth/sign-up/email', { email: 'draining@example.com', password: 'correct horse 1', name: 'Draining' });
      expect(signedUp.status).toBe(200);

      const stream = await fetch(`${url}/api/events`, { headers: { accept: 'text/event-stream', cookie: writer.cookieHeader } });
      expect(stream.status).toBe(200);
      const streamText = stream.text();

      const saves = Array.from({ length: IN_FLIGHT }, () => slowSave(writer));
      await waitUntil(async () => (await inFlight(url)) >= IN_FLIGHT, `${IN_FLIGHT} saves in flight`);
      // A load balancer's connection, idle when the signal comes.
      const before = await getOn(balancer, `${url}/api/stories/community`);
      expect(before.status).toBe(200);
      proc.child.kill('SIGTERM');

      // During the notice the health check fails, and a request sent on the idle connection is
      // still answered, on that same connection, which then closes.
      await waitUntil(async () => (await fetch(`${url}/api/health`)).status === 503, 'health failing');
      const during = await getOn(balancer, `${url}/api/stories/community`);
      expect(during).toEqual({ status: 200, connection: 'close', socket: before.socket });
      // The stream ends first, with the wait before reconnecting (1–2 s) as its last word.
      const text = await streamText;
      const retries = [...text.matchAll(/^retry: (\d+)$/gm)].map((m) => Number(m[1]));
      expect(retries.length).toBe(2);
      expect(retries[1]).toBeGreaterThanOrEqual(1000);
      expect(retries[1]).toBeLessThan(2000);

      saves.forEach((save) => save.finish());
      const answers = await Promise.all(saves.map(async (save) => (await save.response).status));
      expect(answers).toEqual(Array(IN_FLIGHT).fill(201));
      expect(await proc.exited).toBe(0);
      expect(proc.output()).not.toMatch(/shutdown took too long|shutdown failed/);

      const check = database.reopen();
      try {
        const saved = await check.db.selectFrom('stories').select('id').execute();
        expect(saved).toHaveLength(IN_FLIGHT);
      } finally {
        await check.close();
      }
    } finally {
      balancer.destroy();
      proc.child.kill('SIGKILL');
      await database.drop();
    }
  });
});
