import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's first recommended setting (46 MiB, t=1, p=1). better-auth's default
 * scrypt parameters are weaker than today's guidance, so it is given these instead.
 * @node-rs/argon2 hashes with argon2id unless told otherwise.
 */
const ARGON2_OPTIONS = { memoryCost: 47_104, timeCost: 1, parallelism: 1, outputLen: 32 } as const;

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

export function hashPassword(password: string): Promise<string> {
  return hashingSlots.run(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await hashingSlots.run(() => verify(stored, password));
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error.
    return false;
  }
}
