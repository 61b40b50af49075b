import type { SessionUser } from './session-user';
import type { ShelfFacts } from '../policy/relations';

/**
 * A signed-in reader's users row (with their shelf facts when a route read them), kept for a
 * moment on this instance so a run of reads on a cached session costs no statement at all:
 * on PostgreSQL every statement is a round trip (docs/decisions/0052-session-users-row-kept-for-a-second.md).
 *
 * Only reads (GET, HEAD) use it. Everything written on this instance empties it: any other
 * request under /api as it starts and as it ends (`forgetOnWrite` in app.ts), and any live
 * event dispatched here, which is how a change made on another instance arrives; a request
 * waits for every event committed before it to be dispatched before it uses a kept row
 * (EventBus.caughtUp in auth/session.ts). What changes without either (a background job,
 * another instance's change that records no event) shows within `ttlMs`. A session that ends is
 * no longer in the session cache, so its row here is never reached.
 */

/** How long a kept row serves reads: the bound on what changed unannounced. */
export const SESSION_USER_TTL_MS = 1000;

export interface KeptSessionUser {
  user: SessionUser;
  /** Null when the row was read without them: a route that wants them reads again. */
  shelf: ShelfFacts | null;
}

interface Entry extends KeptSessionUser {
  until: number;
}

export class SessionUserCache {
  readonly #entries = new Map<string, Entry>();
  /** Bumped by every clear: a read that started before one must not store what it read. */
  #generation = 0;

  constructor(
    /** 0: nothing is kept (SESSION_CACHE_MS=0 checks everything on every request). */
    readonly ttlMs = SESSION_USER_TTL_MS,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get(uid: string, withShelf: boolean): KeptSessionUser | null {
    const entry = this.#entries.get(uid);
    if (!entry) return null;
    if (entry.until <= this.now()) {
      this.#entries.delete(uid);
      return null;
    }
    return withShelf && !entry.shelf ? null : entry;
  }

  /** Taken before reading the row; `put` with a stale ticket stores nothing. */
  ticket(): number {
    return this.#generation;
  }

  put(uid: string, kept: KeptSessionUser, ticket: number): void {
    if (this.ttlMs <= 0 || ticket !== this.#generation) return;
    // Map keeps insertion order: past the bound, the oldest entry goes first.
    this.#entries.delete(uid);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(uid, { ...kept, until: this.now() + this.ttlMs });
  }

  /** Something was written: every kept row may be stale. */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }
}
