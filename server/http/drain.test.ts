import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test/server';

/** Resolves 'closed' when the server closes `socket`, or 'still open' after `ms`. */
function closedWithin(socket: net.Socket, ms: number): Promise<'closed' | 'still open'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still open'), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve('closed');
    });
  });
}

// One database is enough: this is the HTTP server's own behaviour.
describe('shutting down', () => {
  it('closes at once a connection that never sent a request', async () => {
    // Browsers open connections ahead of need (preconnect) and HTTP clients open a spare one when
    // two requests start together; Node counts such a connection as busy until its first request,
    // so the drain waited for it until its 8 s limit (measured: 8.0 s a stop in the API tests).
    const server = await startTestServer('sqlite');
    const silent = net.connect({ port: Number(new URL(server.url).port), host: '127.0.0.1' });
    await new Promise((resolve) => silent.once('connect', resolve));
    try {
      const closed = closedWithin(silent, 3_000);
      const stopped = server.stop();
      expect(await closed).toBe('closed');
      await stopped;
    } finally {
      silent.destroy();
    }
  });

});
