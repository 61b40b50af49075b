import { Hono } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { LiveEventPayload } from '@common/live-events';
import type { AppEnv, ServerContext } from '../context';
import { requireUser } from '../auth/session';
import { ADMINS_TOPIC, userTopic, type EventBus, type LiveEvent } from './bus';
import { OUTBOX_PAGE } from './outbox';
import type { OpenStreams } from './streams';

const HEARTBEAT_MS = 25_000;
const RESET_DATA = JSON.stringify({} satisfies LiveEventPayload<'reset'>);

/** The id the client last received (0 is one: "nothing yet"); null for a fresh start. */
function lastEventId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * One client's stream. Writes go out one at a time, in order; `sentUpTo` is the id the
 * client holds, so an event reaching it twice (replay and live) is sent once.
 */
class StreamWriter {
  sentUpTo = 0;
  private chain = Promise.resolve();

  constructor(private readonly stream: SSEStreamingApi) {}

  get gone(): boolean {
    return this.stream.closed || this.stream.aborted;
  }

  private enqueue(write: () => Promise<void>): void {
    this.chain = this.chain.then(() => (this.gone ? undefined : write()));
  }

  event(event: LiveEvent): void {
    if (event.id <= this.sentUpTo) return;
    this.sentUpTo = event.id;
    this.enqueue(() => this.stream.writeSSE({ id: String(event.id), event: event.type, data: event.payload }));
  }

  /** Moves the client to `id` without an event: its next reconnect resumes from there. */
  position(id: number): void {
    this.sentUpTo = id;
    this.enqueue(() => this.stream.write(`id: ${id}\n\n`).then(() => undefined));
  }

  reset(id: number): void {
    this.sentUpTo = id;
    this.enqueue(() => this.stream.writeSSE({ id: String(id), event: 'reset', data: RESET_DATA }));
  }

  raw(text: string): void {
    this.enqueue(() => this.stream.write(text).then(() => undefined));
  }

  settled(): Promise<void> {
    return this.chain.catch(() => {});
  }
}

/**
 * Brings a new stream up to date. Without Last-Event-ID it starts at the latest id. With
 * one, it replays every later event on the client's topics, or sends `reset` when some of
 * them are no longer kept (or the id is one this server never issued).
 */
async function catchUp(bus: EventBus, topics: readonly string[], resumeFrom: number | null, out: StreamWriter): Promise<void> {
  const { oldest, latest } = await bus.position();
  if (resumeFrom === null) return out.position(latest);
  if (resumeFrom > latest || oldest > resumeFrom + 1) return out.reset(latest);
  out.sentUpTo = resumeFrom;
  for (let after = resumeFrom; !out.gone; ) {
    const page = await bus.since(topics, after);
    page.forEach((event) => out.event(event));
    if (page.length < OUTBOX_PAGE) break;
    after = page.at(-1)!.id;
  }
}

/** GET /api/events: the signed-in user's live updates as Server-Sent Events. */
export function eventRoutes(ctx: ServerContext, streams: OpenStreams) {
  const app = new Hono<AppEnv>();
  app.get('/', requireUser, (c) => {
    const user = c.var.user!;
    const topics = [userTopic(user.uid), ...(user.admin ? [ADMINS_TOPIC] : [])];
    const resumeFrom = lastEventId(c.req.header('last-event-id'));
    c.header('cache-control', 'no-cache, no-transform');
    c.header('x-accel-buffering', 'no');

    return streamSSE(c, async (stream) => {
      const out = new StreamWriter(stream);
      // Subscribe before catching up so nothing falls between the two; live events wait
      // until the replay is written, so ids reach the client in order.
      let held: LiveEvent[] | null = [];
      const unsubscribe = ctx.bus.subscribe(topics, (event) => (held ? held.push(event) : out.event(event)));
      let finish: () => void = () => {};
      const done = new Promise<void>((resolve) => (finish = resolve));
      // At most MAX_OPEN_STREAMS_PER_USER per user: this one may close their oldest.
      const forget = streams.add(user.uid, finish);
      stream.onAbort(finish);
      const heartbeat = setInterval(() => out.raw(': keep-alive\n\n'), HEARTBEAT_MS);
      try {
        out.raw(': connected\n\nretry: 3000\n\n');
        await catchUp(ctx.bus, topics, resumeFrom, out);
        held.forEach((event) => out.event(event));
        held = null;
        await done;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        forget();
        await out.settled();
        await stream.close();
      }
    });
  });
  return app;
}
