import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The client's address: from the configured trusted proxy header (its first entry)
 * when one is configured, else the socket's peer. Never from an unconfigured header,
 * which any client could forge.
 */
export function clientIp(c: Context, trustedProxyHeader: string | null): string {
  if (trustedProxyHeader) {
    const forwarded = c.req.header(trustedProxyHeader)?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}
