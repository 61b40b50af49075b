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
    if (forwarded) return readableAddress(forwarded);
  }
  try {
    return readableAddress(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}

/** The same text always reads the same: remembered, up to this many addresses at a time. */
const READABLE_CACHE_SIZE = 1024;
/** The longest IPv6 text (45 characters) with room for a zone. */
const MAX_REMEMBERED_LENGTH = 64;
const readableIPv6 = new Map<string, string>();

/**
 * An address as people know it: an IPv4 client reached through an IPv6 socket
 * (`::ffff:127.0.0.1`, a dual-stack server's view of every IPv4 peer) as its IPv4 address, and
 * IPv6 in its short form. Anything that is not an address is kept as it is.
 */
export function readableAddress(ip: string): string {
  // Every IPv6 text has a colon: anything else (IPv4, 'unknown') is kept as it is, unparsed.
  if (!ip.includes(':')) return ip;
  const known = readableIPv6.get(ip);
  if (known !== undefined) return known;
  const readable = ipaddr.IPv6.isValid(ip) ? ipaddr.process(ip).toString() : ip;
  // Parsing costs more than the rest of a small request, and a peer's address comes back on
  // every one. Only address-sized texts are kept (a forwarded header is the client's to fill).
  if (ip.length <= MAX_REMEMBERED_LENGTH) {
    if (readableIPv6.size >= READABLE_CACHE_SIZE) readableIPv6.clear();
    readableIPv6.set(ip, readable);
  }
  return readable;
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
