import { describe, expect, it } from 'vitest';
import { Semaphore, hashPassword, verifyPassword } from './password';

describe('Semaphore', () => {
  it('never runs more tasks at once than its limit, and runs them all', async () => {
    const slots = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const done = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        slots.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 5));
          running--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(done).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(slots.queued).toBe(0);
  });

  it('frees the place of a task that fails', async () => {
    const slots = new Semaphore(1);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });
});

describe('password hashing', () => {
  it('verifies what it hashed and refuses anything else, including a malformed hash', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword({ hash, password: 'correct horse' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'wrong horse' })).toBe(false);
    expect(await verifyPassword({ hash: 'not a hash', password: 'x' })).toBe(false);
  });
});
