import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answeringEarly, type EarlyAnswer, type EarlyAnswerOptions } from './early-answers';

const KEPT: EarlyAnswer = { headers: { 'content-type': 'text/plain', 'x-chain': 'yes' }, body: new TextEncoder().encode('kept answer'), route: '/kept' };

describe('answers ahead of the app', () => {
  let server: Server | null = null;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function serving(options: EarlyAnswerOptions = {}, kept: () => EarlyAnswer | null = () => KEPT) {
    const appSaw: string[] = [];
    const app: RequestListener = (req, res) => {
      appSaw.push(req.url ?? '');
      res.end('from the app');
    };
    server = createServer(answeringEarly((req) => (req.url === '/kept' ? kept() : null), app, options));
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

  it('gives a kept answer only once the instance has caught up, and looks it up again after', async () => {
    let answer: EarlyAnswer | null = KEPT;
    let caughtUp: () => boolean | Promise<boolean> = () => true;
    const asked: string[] = [];
    const { get, appSaw } = await serving(
      {
        caughtUp: () => {
          asked.push('caught up?');
          return caughtUp();
        },
      },
      () => answer,
    );
    expect(await (await get('/kept')).text()).toBe('kept answer');
    // Nothing kept to give: catching up is not asked for.
    expect(await (await get('/other')).text()).toBe('from the app');
    expect(asked).toHaveLength(1);

    // Catching up dropped the answer (an event said it was stale): the app answers.
    caughtUp = () =>
      Promise.resolve().then(() => {
        answer = null;
        return true;
      });
    expect(await (await get('/kept')).text()).toBe('from the app');
    answer = KEPT;
    // The instance could not tell what changed (the database out of reach): the app answers.
    caughtUp = () => false;
    expect(await (await get('/kept')).text()).toBe('from the app');
    caughtUp = () => Promise.resolve(false);
    expect(await (await get('/kept')).text()).toBe('from the app');
    caughtUp = () => Promise.reject(new Error('database unavailable'));
    expect(await (await get('/kept')).text()).toBe('from the app');
    caughtUp = () => Promise.resolve(true);
    expect(await (await get('/kept')).text()).toBe('kept answer');
    expect(appSaw).toEqual(['/other', '/kept', '/kept', '/kept', '/kept']);
  });
});
