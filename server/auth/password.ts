import { AsyncLocalStorage } from 'node:async_hooks';
import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** argon2id's cost: memory in KiB, passes, lanes. */
export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * OWASP's first recommended setting (46 MiB, t=1, p=1). better-auth's default scrypt parameters
 * are weaker than today's guidance, so it is given these instead.
 */
export const OWASP_ARGON2_COST: Argon2Cost = { memoryCost: 47_104, timeCost: 1, parallelism: 1 };

/**
 * A counting semaphore. Each hash takes a core for ~50 ms and libuv's small thread pool,
 * which file reads and DNS share: unbounded, a flood of password checks stalls every
 * other request. One core is always left to the rest of the server.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The place passes straight to the next waiter, so `active` stays at the limit.
      if (next) next();
      else this.active--;
    }
  }

  get queued(): number {
    return this.waiting.length;
  }
}

export const hashingSlots = new Semaphore(Math.max(1, os.availableParallelism() - 1));

/** What the hashing queue reports to a watcher: a hash asked for, begun, or done, and whose. */
export interface HashingEvent {
  type: 'queued' | 'started' | 'finished';
  /** The account (normalised email) it is for; null for one hashed on nobody's behalf. */
  key: string | null;
}

/**
 * Hashing shared fairly between accounts. The semaphore alone is first come, first served: one
 * account's burst of wrong passwords (each allowed, from a fresh address) filled its queue and
 * everyone else's sign-in waited behind all of it. Here an account's hashes wait in a line of
 * their own, and only the first of the line takes part in the semaphore: one account holds at
 * most one hashing place, and another account's hash waits for the hashes already under way
 * or waiting for a place, at most one per account, never for a burst.
 */
export class FairHashing {
  /** Per account with a hash waiting or under way: the hashes waiting behind it, in order. */
  private readonly lines = new Map<string, Array<() => void>>();
  private readonly watchers = new Set<(event: HashingEvent) => void>();

  constructor(readonly slots: Semaphore) {}

  async run<T>(key: string | null, task: () => Promise<T>): Promise<T> {
    this.tell({ type: 'queued', key });
    if (key === null) return this.slots.run(() => this.started(key, task));
    const line = this.lines.get(key);
    // Taken at once when the account has nothing under way, so a lone hash keeps its turn.
    if (line) await new Promise<void>((resolve) => line.push(resolve));
    else this.lines.set(key, []);
    try {
      return await this.slots.run(() => this.started(key, task));
    } finally {
      const next = this.lines.get(key)?.shift();
      // The account's turn passes to its next hash, or the account has nothing left.
      if (next) next();
      else this.lines.delete(key);
    }
  }

  /** Hears every event until the returned function is called (the tests' view of the order). */
  watch(watcher: (event: HashingEvent) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  private async started<T>(key: string | null, task: () => Promise<T>): Promise<T> {
    this.tell({ type: 'started', key });
    try {
      return await task();
    } finally {
      this.tell({ type: 'finished', key });
    }
  }

  private tell(event: HashingEvent): void {
    for (const watcher of this.watchers) watcher(event);
  }
}

export const hashing = new FairHashing(hashingSlots);

/**
 * Whose password is hashed in `work` (better-auth calls the hashing without saying): the account's
 * address as typed, trimmed and in lower case, so every spelling of it shares one line.
 */
const hashingFor = new AsyncLocalStorage<string>();

export function hashingAs<T>(email: string | null | undefined, work: () => Promise<T>): Promise<T> {
  return email ? hashingFor.run(email.trim().toLowerCase(), work) : work();
}

/** Hashes new passwords and checks given ones; a stored hash carries its own cost, so any hash checks. */
export interface Passwords {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/**
 * Passwords hashed with argon2id (@node-rs/argon2's default) at `cost`: OWASP's unless a server
 * is started with another (the API tests start theirs cheaper: server/test/server.ts).
 */
export function argon2Passwords(cost: Argon2Cost = OWASP_ARGON2_COST): Passwords {
  const options = { ...cost, outputLen: 32 };
  return {
    hash: (password) => hashing.run(hashingFor.getStore() ?? null, () => hash(password, options)),
    verify: async ({ hash: stored, password }) => {
      try {
        return await hashing.run(hashingFor.getStore() ?? null, () => verify(stored, password));
      } catch {
        // A malformed stored hash is a failed sign-in, not a server error.
        return false;
      }
    },
  };
}

const owasp = argon2Passwords();
export const hashPassword = owasp.hash;
export const verifyPassword = owasp.verify;
