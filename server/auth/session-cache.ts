/**
 * Sessions this instance verified with better-auth in the last few seconds, so a signed-in
 * request does not read the sessions table again (docs/decisions/0019-lean-request-path.md).
 *
 * Keyed by the session token, with the cookie's signature kept beside it: a hit needs the
 * exact cookie better-auth accepted. An entry lives `ttlMs` at most, never past the session's
 * own expiry. A session deleted on this instance (sign-out, "sign out everywhere", password
 * change or reset, a revoked device) is evicted at once through better-auth's delete hook; one
 * deleted on another instance when its announcement arrives (auth/session-ends.ts), which every
 * request does not wait for: the session middleware catches up with the outbox before it trusts
 * an entry (EventBus.caughtUp), so no request that starts after the sign-out was answered is let in.
 */
export interface CachedSession {
  sessionId: string;
  uid: string;
  /** The session passed the second factor (auth/auth.ts `secondFactor`): REQUIRE_ADMIN_2FA reads it on every request. */
  secondFactor: boolean;
}

interface Entry extends CachedSession {
  signature: string;
  until: number;
}

/** A cookie's `token.signature`, as better-auth signs it (the signature is base64, without dots). */
export function splitSignedToken(value: string): { token: string; signature: string } | null {
  const dot = value.lastIndexOf('.');
  if (dot <= 0 || dot === value.length - 1) return null;
  return { token: value.slice(0, dot), signature: value.slice(dot + 1) };
}

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  /** Bumped by every eviction: a lookup that started before one must not store what it read. */
  #generation = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get(signedToken: string): CachedSession | null {
    const parts = splitSignedToken(signedToken);
    if (!parts) return null;
    const entry = this.#entries.get(parts.token);
    if (!entry || entry.signature !== parts.signature) return null;
    if (entry.until <= this.now()) {
      this.#entries.delete(parts.token);
      return null;
    }
    return { sessionId: entry.sessionId, uid: entry.uid, secondFactor: entry.secondFactor };
  }

  /** Taken before asking the database; `put` with a stale ticket stores nothing. */
  ticket(): number {
    return this.#generation;
  }

  put(signedToken: string, session: CachedSession, sessionExpiresAt: Date, ticket: number): void {
    if (this.ttlMs <= 0 || ticket !== this.#generation) return;
    const parts = splitSignedToken(signedToken);
    if (!parts) return;
    const until = Math.min(this.now() + this.ttlMs, sessionExpiresAt.getTime());
    // Map keeps insertion order: past the bound, the oldest entry goes first.
    this.#entries.delete(parts.token);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(parts.token, { ...session, signature: parts.signature, until });
  }

  /** Every session of `uid` ended (suspended, deactivated, deleted: on any instance, heard over the live-event bus). */
  evictUser(uid: string): void {
    this.#generation++;
    for (const [token, entry] of this.#entries) if (entry.uid === uid) this.#entries.delete(token);
  }

  /** These sessions ended on some instance (heard over the live-event bus: auth/session-ends.ts). */
  evictSessions(sessionIds: readonly string[]): void {
    this.#generation++;
    const ended = new Set(sessionIds);
    for (const [token, entry] of this.#entries) if (ended.has(entry.sessionId)) this.#entries.delete(token);
  }

  /** The session with this token was deleted (or is about to be). */
  evict(token: string): void {
    this.#generation++;
    this.#entries.delete(token);
  }
}
