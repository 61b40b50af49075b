import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * A request header (lower-case name) as Node parsed it, when the node adapter serves the
 * request. `c.req.header` builds a Fetch `Headers` of every header on its first use, which
 * costs more than an answer from memory; elsewhere (app.request in tests) it is used as is.
 * Repeated headers are joined as `Headers.get` joins them.
 */
export function rawHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
