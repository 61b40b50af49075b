import type { ServerResponse } from 'node:http';
import type { LiveEventPayload } from '@common/events/live-events';
import type { LiveEvent } from './outbox';

/**
 * Bytes a client may leave unread in its socket's buffer before it is dropped. Live events
 * are a few hundred bytes to a couple of KB, so this is a hundred or more events behind; a
 * dropped client reconnects with Last-Event-ID and is replayed from the outbox, at its pace.
 */
export const MAX_UNSENT_BYTES = 256 * 1024;
/**
 * Heartbeats in a row at which the socket still had not drained: then the client is dropped
 * too, so a stalled one holds its buffer at most ~50 s (see HEARTBEAT_MS in streams.ts).
 */
export const MAX_STALLED_BEATS = 2;

const RESET_DATA = JSON.stringify({} satisfies LiveEventPayload<'reset'>);
const SIGNED_OUT_DATA = JSON.stringify({ reason: 'signed_out' } satisfies LiveEventPayload<'session.ended'>);

/** SSE fields cannot hold a line break: a payload with one (JSON never has) goes as several `data:` lines. */
const dataLines = (data: string) => (/[\r\n]/.test(data) ? data.split(/\r\n|\r|\n/).join('\ndata: ') : data);

/**
 * One client's open stream, written straight to Node's response (no web-stream pipeline):
 * writes are synchronous and in call order. `sentUpTo` is the id the client holds, so an
 * event reaching it twice (replay and live) is sent once. While the replay runs, live
 * events wait in `held`, so ids reach the client in order. Kept small on purpose: 5,000 of
 * these live on one instance (docs/decisions/0016-live-streams-at-scale.md).
 */
export class SseConnection {
  sentUpTo = 0;
  held: LiveEvent[] | null = [];
  private stalledBeats = 0;

  constructor(readonly res: ServerResponse) {}

  get gone(): boolean {
    return this.res.destroyed || this.res.writableEnded;
  }

  /** The bus listener (an arrow property: one function per stream, no closure over the request). */
  readonly deliver = (event: LiveEvent): void => {
    if (this.held) this.held.push(event);
    else this.event(event, true);
  };

  event(event: LiveEvent, bounded: boolean): void {
    if (event.id <= this.sentUpTo) return;
    this.sentUpTo = event.id;
    this.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${dataLines(event.payload)}\n\n`, bounded);
    // The account's sessions ended (suspended, deactivated, deleted): the tab signs out, and
    // the stream it opened with a session that no longer exists closes.
    if (event.type === 'session.ended') this.end();
  }

  /** Moves the client to `id` without an event: its next reconnect resumes from there. */
  position(id: number): void {
    this.sentUpTo = id;
    this.write(`id: ${id}\n\n`, false);
  }

  reset(id: number): void {
    this.sentUpTo = id;
    this.write(`id: ${id}\nevent: reset\ndata: ${RESET_DATA}\n\n`, false);
  }

  /**
   * This stream's session ended (signed out, removed, revoked): the tab hears it without an id,
   * since it is this stream's alone and not in the outbox, and the stream closes.
   */
  signedOut(): void {
    this.write(`event: session.ended\ndata: ${SIGNED_OUT_DATA}\n\n`, false);
    this.end();
  }

  /** Writes the live events held during the replay, then lets new ones through directly. */
  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const event of held) this.event(event, true);
  }

  /**
   * `bounded`: a live write, which cannot wait, drops a client that has fallen more than
   * MAX_UNSENT_BYTES behind. The replay writes unbounded but waits for `drain` between pages.
   */
  write(text: string, bounded: boolean): void {
    if (this.gone) return;
    if (bounded && this.res.writableLength > MAX_UNSENT_BYTES) return this.drop();
    this.res.write(text);
  }

  /** The shared heartbeat: keeps proxies from closing an idle stream, and finds stalled clients. */
  beat(): void {
    if (this.res.writableNeedDrain) {
      // A drain in between starts the count again; the listener exists only while stalled.
      if (this.stalledBeats === 0) this.res.once('drain', this.unstall);
      this.stalledBeats += 1;
      if (this.stalledBeats >= MAX_STALLED_BEATS) return this.drop();
    }
    this.write(': keep-alive\n\n', true);
  }

  private readonly unstall = (): void => {
    this.stalledBeats = 0;
  };

  /** Resolves once the socket has drained (or closed): the replay's pace. */
  drained(): Promise<void> {
    if (!this.res.writableNeedDrain || this.gone) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    });
  }

  /**
   * Ends the stream cleanly (the cap, shutdown). With `retryMs` (shutdown), the client is first
   * told when to reconnect: EventSource reopens a stream that ended after that long, with its
   * Last-Event-ID, and is replayed what it missed by whichever instance answers.
   */
  readonly end = (retryMs?: number): void => {
    if (this.gone) return;
    if (retryMs !== undefined) this.res.write(`retry: ${Math.round(retryMs)}\n\n`);
    this.res.end();
  };

  /** A client too slow to keep up: cut it, freeing its buffer now. */
  private drop(): void {
    this.res.destroy();
  }
}
