import { MAX_OPEN_STREAMS_PER_USER } from '../http/limits';

/**
 * Open live-event streams on this server instance, by user: shutdown ends them all before
 * closing the HTTP server, and a user holds at most `maxPerUser` (opening one more closes
 * their oldest).
 */
export class OpenStreams {
  /** Each user's closers, oldest first (a Set keeps insertion order). */
  private readonly byUser = new Map<string, Set<() => void>>();

  constructor(private readonly maxPerUser = MAX_OPEN_STREAMS_PER_USER) {}

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
