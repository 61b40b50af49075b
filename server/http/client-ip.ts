import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';
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

/**
 * The part of an address that limits count: IPv4 whole, IPv6 by its /64 prefix (one
 * subscriber usually holds a whole /64, so counting single v6 addresses counts nothing).
 * IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}
