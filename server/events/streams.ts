import { MAX_OPEN_STREAMS_PER_USER } from '../http/limits';
import type { StreamPresence } from './presence';

/** One comment line to every open stream this often, from one timer for all of them. */
export const HEARTBEAT_MS = 25_000;

/** What the shared heartbeat reaches (an SseConnection). */
export interface Beating {
  beat(): void;
}

/** What the registry can do to an open stream (an SseConnection). */
export interface OpenStream {
  /** Ends it cleanly (the cap, shutdown); `retryMs`: when the client should reconnect. */
  readonly end: (retryMs?: number) => void;
  /** Its session ended: tells the tab it was signed out, then ends it. */
  signedOut(): void;
}

/**
 * Open live-event streams on this server instance, by user and session: shutdown ends them all
 * before closing the HTTP server, a user holds at most `maxPerUser` (opening one more closes
 * their oldest), and a session that ends closes its own streams (`endSessions`, `sessionsOf`:
 * auth/session-ends.ts). It also owns what the streams share rather than each keeping its own:
 * one heartbeat timer for all of them, and this instance's presence rows (`presence`).
 */
export class OpenStreams {
  /** Each user's streams with their session ids, oldest first (a Map keeps insertion order). */
  private readonly byUser = new Map<string, Map<OpenStream, string>>();
  private readonly beating = new Set<Beating>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly maxPerUser = MAX_OPEN_STREAMS_PER_USER,
    readonly presence: StreamPresence | null = null,
  ) {}

  /** Registers an open stream of one session. Returns the function that forgets it once it has ended. */
  add(uid: string, sessionId: string, stream: OpenStream): () => void {
    let open = this.byUser.get(uid);
    if (!open) this.byUser.set(uid, (open = new Map()));
    for (const oldest of [...open.keys()].slice(0, Math.max(0, open.size - this.maxPerUser + 1))) {
      open.delete(oldest);
      oldest.end();
    }
    open.set(stream, sessionId);
    return () => {
      const current = this.byUser.get(uid);
      if (!current?.delete(stream)) return;
      if (current.size === 0) this.byUser.delete(uid);
    };
  }

  /** These sessions of `uid` ended: their streams tell their tabs and close. */
  endSessions(uid: string, sessionIds: Iterable<string>): void {
    const open = this.byUser.get(uid);
    if (!open) return;
    const ended = new Set(sessionIds);
    for (const [stream, sessionId] of [...open]) {
      if (!ended.has(sessionId)) continue;
      open.delete(stream);
      stream.signedOut();
    }
    if (open.size === 0) this.byUser.delete(uid);
  }

  /** Every session with an open stream here, with its user: what the periodic re-check looks up. */
  sessions(): Map<string, string> {
    const uids = new Map<string, string>();
    for (const [uid, open] of this.byUser) for (const sessionId of open.values()) uids.set(sessionId, uid);
    return uids;
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
    for (const open of this.byUser.values()) total += open.size;
    return total;
  }

  /** Streams open for one user. */
  openFor(uid: string): number {
    return this.byUser.get(uid)?.size ?? 0;
  }

  /**
   * Ends every stream (shutdown). With `retryMs` each client is told to reconnect after about
   * that long, spread over [retryMs, 2 × retryMs) so that thousands of tabs do not all arrive
   * at the other instances in the same instant.
   */
  closeAll(retryMs?: number): void {
    const all = [...this.byUser.values()].flatMap((open) => [...open.keys()]);
    this.byUser.clear();
    for (const stream of all) stream.end(retryMs === undefined ? undefined : retryMs + Math.random() * retryMs);
  }
}
