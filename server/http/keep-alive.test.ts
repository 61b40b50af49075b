import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test/api-fixture';

/**
 * HAProxy sends a client's later requests over kept-alive connections to an instance: the
 * session's own (the client may idle up to `timeout http-keep-alive`, 10 s) or one idle in its
 * pool (`http-reuse safe`; half the pool closed each `pool-purge-delay`, 5 s). Node closes an
 * idle connection after about 6 s by default (keepAliveTimeout 5 s, plus a second): inside both
 * windows, so now and then the instance closed a connection just as HAProxy sent a request on it,
 * and HAProxy, which may not repeat a request the instance may have started, closed the client's
 * connection without an answer (`npm run cluster`: "other side closed" on a comment). The
 * instance must outlast the balancer: 7 s here is past Node's default and HAProxy's 5 s purge.
 */
const PAST_NODES_DEFAULT_MS = 7_000;

function request(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const [head, body = ''] = text.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(head ?? '')?.[1] ?? NaN);
      if (body.length >= length) {
        socket.off('data', onData);
        resolve(head!.split('\r\n')[0]!);
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write('GET /api/health HTTP/1.1\r\nhost: localhost\r\nconnection: keep-alive\r\n\r\n');
  });
}

// One database is enough: this is the HTTP server's own behaviour.
describe('kept-alive connections behind a load balancer', () => {
  const api = useTestServer('sqlite');

  it('stay open past the time HAProxy may wait before reusing one', async () => {
    const socket = net.connect({ port: Number(new URL(api.server.url).port), host: '127.0.0.1' });
    let closedAt: number | null = null;
    const opened = Date.now();
    socket.once('close', () => (closedAt = Date.now() - opened));
    await new Promise((resolve) => socket.once('connect', resolve));
    try {
      expect(await request(socket)).toBe('HTTP/1.1 200 OK');
      await new Promise((resolve) => setTimeout(resolve, PAST_NODES_DEFAULT_MS));
      expect(closedAt, 'the instance closed the idle connection').toBeNull();
      expect(await request(socket)).toBe('HTTP/1.1 200 OK');
    } finally {
      socket.destroy();
    }
  });
});
