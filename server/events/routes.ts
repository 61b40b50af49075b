import type { ServerResponse } from 'node:http';
import { Hono, type Context } from 'hono';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { AppEnv, ServerContext, SignedInEnv } from '../context';
import { requireUser } from '../auth/session';
import { adminAny } from '../policy/viewer';
import { readQuery } from '../http/validate';
import { ADMINS_TOPIC, userTopic, type EventBus } from './bus';
import { SseConnection } from './connection';
import { OUTBOX_PAGE, type OutboxPosition } from './outbox';
import type { OpenStreams } from './streams';
import { eventsQuerySchema, watchTopics } from './watch';

/** The id the client last received (0 is one: "nothing yet"); null for a fresh start. */
function lastEventId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** Headers the stream sets itself; every other header of the response (security headers, a refreshed session cookie) is kept. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'cache-control', 'x-hono-already-sent']);

/**
 * The response headers once every middleware has run: they finish in the same turn of the
 * event loop as the handler (each `await next()` continues in a microtask), so by the next
 * macrotask `c.res` holds them all.
 */
async function finalHeaders(c: Context<SignedInEnv>): Promise<Record<string, string | string[]>> {
  await new Promise((resolve) => setImmediate(resolve));
  const headers: Record<string, string | string[]> = {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  };
  for (const [name, value] of c.res.headers) if (!OWN_HEADERS.has(name) && name !== 'set-cookie') headers[name] = value;
  const cookies = c.res.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  return headers;
}

/**
 * Brings a new stream up to date from `position`, read before the client saw the stream open.
 * Without a last id it starts at the latest id. With one, it replays every later event on the
 * client's topics, waiting for the socket to drain between pages, or sends `reset` when some
 * of them are no longer kept (or the id is one this server never issued).
 */
async function catchUp(bus: EventBus, topics: readonly string[], resumeFrom: number | null, position: OutboxPosition, out: SseConnection): Promise<void> {
  const { oldest, latest } = position;
  if (resumeFrom === null) return out.position(latest);
  if (resumeFrom > latest || oldest > resumeFrom + 1) return out.reset(latest);
  out.sentUpTo = resumeFrom;
  for (let after = resumeFrom; !out.gone; ) {
    const page = await bus.since(topics, after);
    page.forEach((event) => out.event(event, false));
    if (page.length < OUTBOX_PAGE) break;
    after = page.at(-1)!.id;
    await out.drained();
  }
}

interface StreamRequest {
  out: SseConnection;
  unsubscribe: () => void;
  position: OutboxPosition;
  uid: string;
  sessionId: string;
  topics: string[];
  resumeFrom: number | null;
  watching: string | null;
}

/**
 * Runs one stream on Node's response, outside Hono's web-stream machinery (which costs tens
 * of KB per connection: docs/decisions/0016-live-streams-at-scale.md), once the route has
 * subscribed it and read where it starts.
 */
async function runStream(ctx: ServerContext, streams: OpenStreams, res: ServerResponse, headers: Promise<Record<string, string | string[]>>, req: StreamRequest): Promise<void> {
  const { out, unsubscribe } = req;
  const head = await headers;
  if (res.destroyed) return unsubscribe();
  // Recorded before the client sees the stream open, so "online" holds from then on.
  const presenceId = (await streams.presence?.add(req.uid, req.watching)) ?? null;
  // At most MAX_OPEN_STREAMS_PER_USER per user: this one may close their oldest. Registered
  // with its session, which closes it when it ends (auth/session-ends.ts).
  const forget = streams.add(req.uid, req.sessionId, out);
  streams.beatFor(out);
  const cleanUp = () => {
    unsubscribe();
    forget();
    streams.stopBeating(out);
    streams.presence?.remove(presenceId);
  };
  if (res.destroyed) return cleanUp();
  res.once('close', cleanUp);
  res.writeHead(200, head);
  out.write(': connected\n\nretry: 3000\n\n', false);
  try {
    await catchUp(ctx.bus, req.topics, req.resumeFrom, req.position, out);
    out.release();
  } catch (err) {
    // The client reconnects with the last id it holds and is replayed from there.
    ctx.logger.warn({ err }, 'live-event replay failed; ending the stream');
    out.end();
  }
}

function outgoingOf(c: Context<SignedInEnv>): ServerResponse {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing) throw new Error('GET /api/events needs @hono/node-server (c.env.outgoing)');
  return outgoing;
}

/**
 * GET /api/events[?since=<id>][&watch=<target>]: the signed-in user's live updates as
 * Server-Sent Events, plus the events of what the tab watches.
 */
export function eventRoutes(ctx: ServerContext, streams: OpenStreams) {
  const app = new Hono<AppEnv>();
  app.get('/', requireUser, async (c) => {
    const { since, watch } = readQuery(c, eventsQuerySchema);
    const { user, viewer, sessionId } = c.var;
    // The viewer, not the users row: an admin whose session REQUIRE_ADMIN_2FA holds back hears no admins' topic.
    const topics = [userTopic(user.uid), ...(adminAny(viewer) ? [ADMINS_TOPIC] : []), ...(watch ? await watchTopics(ctx.db, viewer, watch) : [])];
    const header = c.req.header('last-event-id');
    const resumeFrom = header !== undefined ? lastEventId(header) : (since ?? null);
    // A HEAD has no body to stream: the answer a GET would start with, and done.
    if (c.req.method === 'HEAD') return c.body(null, 200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform' });
    const res = outgoingOf(c);
    // Subscribed first, then where the stream starts is read, both before the client hears it
    // open: an event committed before the read is in the replay or counted as seen, and one
    // the client causes after the 200 has a later id and is delivered (held during the replay).
    const out = new SseConnection(res);
    const unsubscribe = ctx.bus.subscribe(topics, out.deliver);
    let position: OutboxPosition;
    try {
      position = await ctx.bus.position();
    } catch (err) {
      unsubscribe();
      throw err;
    }
    const stream = { out, unsubscribe, position, uid: user.uid, sessionId, topics, resumeFrom, watching: watch ?? null };
    void runStream(ctx, streams, res, finalHeaders(c), stream).catch((err: unknown) => {
      ctx.logger.error({ err }, 'live-event stream failed');
      unsubscribe();
      res.destroy();
    });
    // A response of its own per stream: middleware add headers to it (read by finalHeaders).
    return new Response(null, { headers: RESPONSE_ALREADY_SENT.headers });
  });
  return app;
}
