import { MAX_OPEN_STREAMS_PER_USER } from '../http/limits';
import type { StreamPresence } from './presence';

/** One comment line to every open stream this often, from one timer for all of them. */
export const HEARTBEAT_MS = 25_000;

/** What the shared heartbeat reaches (an SseConnection). */
export interface Beating {
  beat(): void;
}

/**
 * Open live-event streams on this server instance, by user: shutdown ends them all before
 * closing the HTTP server, and a user holds at most `maxPerUser` (opening one more closes
 * their oldest). It also owns what the streams share rather than each keeping its own: one
 * heartbeat timer for all of them, and this instance's presence rows (`presence`).
 */
export class OpenStreams {
  /** Each user's closers, oldest first (a Set keeps insertion order). */
  private readonly byUser = new Map<string, Set<() => void>>();
  private readonly beating = new Set<Beating>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly maxPerUser = MAX_OPEN_STREAMS_PER_USER,
    readonly presence: StreamPresence | null = null,
  ) {}

  /** Registers an open stream; `close` ends it. Returns the function that forgets it once it has ended. */
  add(uid: string, close: () => void): () => void {
    let closers = this.byUser.get(uid);
    if (!closers) this.byUser.set(uid, (closers = new Set()));
    for (const oldest of [...closers].slice(0, Math.max(0, closers.size - this.maxPerUser + 1))) {
      closers.delete(oldest);
      oldest();
    }
    closers.add(close);
    return () => {
      const current = this.byUser.get(uid);
      if (!current?.delete(close)) return;
      if (current.size === 0) this.byUser.delete(uid);
    };
  }

  /** Adds a stream to the shared heartbeat; the timer runs only while some stream is open. */
  beatFor(stream: Beating): void {
    this.beating.add(stream);
    this.heartbeat ??= setInterval(() => this.beatAll(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  stopBeating(stream: Beating): void {
    this.beating.delete(stream);
    if (this.beating.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  /** One heartbeat to every stream (the timer's tick; tests call it directly). */
  beatAll(): void {
    // A beat may drop a stalled stream, which leaves the set: iterate over a copy.
    for (const stream of [...this.beating]) stream.beat();
  }

  get size(): number {
    let total = 0;
    for (const closers of this.byUser.values()) total += closers.size;
    return total;
  }

  /** Streams open for one user. */
  openFor(uid: string): number {
    return this.byUser.get(uid)?.size ?? 0;
  }

  closeAll(): void {
    const all = [...this.byUser.values()].flatMap((closers) => [...closers]);
    this.byUser.clear();
    for (const close of all) close();
  }
}
