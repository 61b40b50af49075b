import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startHaProxy, type RunningHaProxy } from './haproxy';

/** A stand-in instance: /api/health answers `healthy()`, /api/events holds a stream open, the rest names the instance. */
async function backend(name: string, healthy = () => true) {
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    if (req.url === '/api/health') {
      res.writeHead(healthy() ? 200 : 503).end();
    } else if (req.url === '/api/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('id: 1\nevent: hello\ndata: {}\n\n');
      open.add(res);
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(name);
    }
  });
  const listening = await listen(server);
  return {
    address: listening.address,
    close: () => {
      open.forEach((res) => res.destroy());
      return listening.close();
    },
  };
}

/** Starts a stand-in instance on a free local port: its address for HAProxy, and how to stop it. */
async function listen(server: http.Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function waitFor(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('deploy/haproxy.cfg', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  const start = async (servers: string[]): Promise<RunningHaProxy> => {
    const proxy = await startHaProxy({ servers });
    cleanup.push(() => proxy.stop());
    return proxy;
  };

  it('passes a live stream on as it is written, without waiting for the response to end', async () => {
    const app = await backend('app1');
    cleanup.push(app.close);
    const proxy = await start([app.address]);
    const controller = new AbortController();
    const res = await fetch(`${proxy.url}/api/events`, { signal: controller.signal });
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain('event: hello');
    controller.abort();
  });

  it('sends nothing to an instance whose health check fails, and names the instance that answered', async () => {
    let sickHealthy = true;
    const well = await backend('well');
    const sick = await backend('sick', () => sickHealthy);
    cleanup.push(well.close, sick.close);
    const proxy = await start([well.address, sick.address]);
    sickHealthy = false;
    await waitFor(async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${proxy.url}/x`).then((r) => r.text())));
      return answers.every((a) => a === 'well');
    });
    const res = await fetch(`${proxy.url}/x`);
    expect(res.headers.get('x-drabble-instance')).toBe('app1');
  });

  it('retries a refused connection on another instance: a stopped instance costs no request', async () => {
    const a = await backend('a');
    const b = await backend('b');
    cleanup.push(a.close);
    const proxy = await start([a.address, b.address]);
    await b.close();
    // Straight away, before any health check has noticed.
    const statuses = await Promise.all(Array.from({ length: 20 }, () => fetch(`${proxy.url}/x`).then((r) => r.status)));
    expect(statuses).toEqual(Array(20).fill(200));
  });

  /**
   * Behind HAProxy, an instance that dies with the request in hand (kill -9, a crash): its health
   * check still passes, it takes the connection and the request, then closes with no answer. And
   * a well one. `seen` lists the requests each took.
   */
  async function dyingAndWell() {
    const seen = { dying: [] as string[], well: [] as string[] };
    const dying = http.createServer((req, res) => {
      if (req.url === '/api/health') return void res.writeHead(200).end();
      seen.dying.push(`${req.method} ${req.url}`);
      req.socket.destroy();
    });
    const well = http.createServer((req, res) => {
      if (req.url !== '/api/health') seen.well.push(`${req.method} ${req.url}`);
      res.writeHead(200).end('well');
    });
    const instances = [await listen(dying), await listen(well)];
    cleanup.push(...instances.map((instance) => instance.close));
    const proxy = await start(instances.map((instance) => instance.address));
    const send = (method: string, i: number) =>
      fetch(`${proxy.url}/x${i}`, { method, ...(method === 'POST' ? { body: 'x' } : {}) }).then(
        (r) => r.status,
        () => 'no answer' as const,
      );
    return { seen, send };
  }

  it('sends a read that an instance dropped without answering to another instance', async () => {
    const { seen, send } = await dyingAndWell();
    const reads = await Promise.all(Array.from({ length: 10 }, (_, i) => send('GET', i)));
    expect(seen.dying.length).toBeGreaterThan(0);
    expect(reads).toEqual(Array(10).fill(200));
  });

  it('never sends a write twice: one the dying instance took gets no answer', async () => {
    const { seen, send } = await dyingAndWell();
    const writes = await Promise.all(Array.from({ length: 10 }, (_, i) => send('POST', i)));
    expect(seen.dying.length).toBeGreaterThan(0);
    // Each write reached one instance only (the dying one may have saved it before it died).
    expect([...seen.dying, ...seen.well].sort()).toEqual(Array.from({ length: 10 }, (_, i) => `POST /x${i}`).sort());
    expect(writes.filter((w) => w !== 200)).toHaveLength(seen.dying.length);
  });
});
