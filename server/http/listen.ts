import { createServer, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long an idle kept-alive connection stays open. Longer than a load balancer keeps one to
 * reuse (HAProxy: a client may idle 10 s, idle pool connections are purged from 5 s on; cloud
 * balancers 60 s): Node's default, about 6 s, closed connections HAProxy was sending a request
 * on, and the client got no answer (server/http/keep-alive.test.ts). Idle sockets cost little.
 */
const KEEP_ALIVE_MS = 65_000;
const DRAIN_LIMIT_MS = 8000;
const SWEEP_MS = 50;
/**
 * A connection is taken for silent once it has sent nothing for this long. Not at once: a request
 * can be on its way in a connection just accepted, before Node has read a byte of it.
 */
const SILENT_AFTER_MS = 500;

/**
 * Every open connection, for the drain to find those that never sent a byte. Node counts a new
 * connection as busy until its first request (so that its header timeout covers it), which makes
 * closeIdleConnections() pass it by: a browser's preconnected socket, or the spare one an HTTP
 * client opens when two requests start together, held every shutdown for the whole
 * DRAIN_LIMIT_MS (server/http/drain.test.ts).
 */
const openConnections = new WeakMap<Server, Map<Socket, number>>();

/** Starts listening; a listen error (EADDRINUSE) rejects instead of escaping as an uncaught exception. */
export function listen(listener: RequestListener, port: number, hostname: string | undefined): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(listener);
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    const open = new Map<Socket, number>();
    openConnections.set(server, open);
    // No 'data' listener: one would take the socket off the HTTP parser's fast path.
    server.on('connection', (socket: Socket) => {
      open.set(socket, Date.now());
      socket.once('close', () => open.delete(socket));
    });
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * Stops accepting connections and lets in-flight requests finish. Keep-alive connections
 * become idle as their last response ends, so idle ones are closed as they appear, and so are
 * connections that have sent nothing for SILENT_AFTER_MS; after DRAIN_LIMIT_MS whatever is left is cut.
 */
export function drain(server: Server): Promise<void> {
  const open = openConnections.get(server) ?? new Map<Socket, number>();
  const closeUnused = () => {
    server.closeIdleConnections();
    const silentSince = Date.now() - SILENT_AFTER_MS;
    for (const [socket, connectedAt] of open) if (socket.bytesRead === 0 && connectedAt <= silentSince) socket.destroy();
  };
  return new Promise<void>((resolve) => {
    const sweep = setInterval(closeUnused, SWEEP_MS);
    const limit = setTimeout(() => server.closeAllConnections(), DRAIN_LIMIT_MS);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(limit);
      resolve();
    });
    closeUnused();
  });
}
