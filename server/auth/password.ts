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
    hash: (password) => hashingSlots.run(() => hash(password, options)),
    verify: async ({ hash: stored, password }) => {
      try {
        return await hashingSlots.run(() => verify(stored, password));
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
