import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answeringEarly, type EarlyAnswer, type EarlyAnswerOptions } from './early-answers';

const KEPT: EarlyAnswer = { headers: { 'content-type': 'text/plain', 'x-chain': 'yes' }, body: new TextEncoder().encode('kept answer'), route: '/kept' };

describe('answers ahead of the app', () => {
  let server: Server | null = null;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function serving(options: EarlyAnswerOptions = {}) {
    const appSaw: string[] = [];
    const app: RequestListener = (req, res) => {
      appSaw.push(req.url ?? '');
      res.end('from the app');
    };
    server = createServer(answeringEarly((req) => (req.url === '/kept' ? KEPT : null), app, options));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { get: (path: string) => fetch(`http://127.0.0.1:${port}${path}`), appSaw };
  }

  it('gives the kept answer with its headers and length, without the app, and tells who counts it', async () => {
    const counted: Array<[string, string]> = [];
    const { get, appSaw } = await serving({ answered: (answer, method) => counted.push([answer.route, method]) });
    const res = await get('/kept');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('kept answer');
    expect(res.headers.get('x-chain')).toBe('yes');
    expect(res.headers.get('content-length')).toBe(String(KEPT.body.byteLength));
    expect(res.headers.get('connection')).toBe('keep-alive');
    expect(appSaw).toEqual([]);
    expect(counted).toEqual([['/kept', 'GET']]);
  });

  it('leaves every other request to the app', async () => {
    const { get, appSaw } = await serving();
    expect(await (await get('/other')).text()).toBe('from the app');
    expect(appSaw).toEqual(['/other']);
  });

  it('closes the connection after its answer once shutdown has begun, as the app does', async () => {
    const { get } = await serving({ draining: () => true });
    const res = await get('/kept');
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.text()).toBe('kept answer');
  });
});
