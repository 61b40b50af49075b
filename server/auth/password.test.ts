import { describe, expect, it } from 'vitest';
import { FairHashing, Semaphore, hashPassword, verifyPassword, type HashingEvent } from './password';

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

describe('FairHashing', () => {
  /** Hashes that end when the test says so, so the order of events is the test's, not the machine's. */
  function setUp(slots: number) {
    const hashing = new FairHashing(new Semaphore(slots));
    const events: HashingEvent[] = [];
    hashing.watch((e) => events.push(e));
    const pending: Array<() => void> = [];
    const submit = (key: string | null) => hashing.run(key, () => new Promise<void>((resolve) => pending.push(resolve)));
    /** Lets every hash under way finish, and what was waiting start. */
    const finishRunning = async () => {
      for (const finish of pending.splice(0)) finish();
      for (let i = 0; i < 10; i++) await Promise.resolve();
    };
    const running = (key: string | null) => events.filter((e) => e.key === key && e.type === 'started').length - events.filter((e) => e.key === key && e.type === 'finished').length;
    return { hashing, events, submit, finishRunning, running };
  }

  it('runs one key’s hashes one at a time, in order, while other keys use the free places', async () => {
    const { submit, finishRunning, running, events } = setUp(3);
    const burst = Array.from({ length: 10 }, () => submit('guesser'));
    const others = [submit('ada'), submit('bob'), submit(null)];
    await finishRunning();
    // The guesser held one place, ada and bob the two others; the unkeyed one was next in line for
    // a place, ahead of the guesser's second hash, which joined the line only when its first ended.
    expect(events.filter((e) => e.type === 'started').map((e) => e.key)).toEqual(['guesser', 'ada', 'bob', null, 'guesser']);
    for (let round = 0; round < 12; round++) {
      expect(running('guesser')).toBeLessThanOrEqual(1);
      await finishRunning();
    }
    await Promise.all([...burst, ...others]);
    expect(events.filter((e) => e.key === 'guesser' && e.type === 'finished')).toHaveLength(10);
  });

  it('starts another key’s hash after at most one more of a queued burst, with one place', async () => {
    const { submit, finishRunning, events } = setUp(1);
    const burst = Array.from({ length: 20 }, () => submit('guesser'));
    await finishRunning();
    await finishRunning();
    const other = submit('ada');
    const queuedAt = events.length;
    while (!events.some((e) => e.key === 'ada' && e.type === 'started')) await finishRunning();
    const startedAt = events.findIndex((e) => e.key === 'ada' && e.type === 'started');
    expect(events.slice(queuedAt, startedAt).filter((e) => e.key === 'guesser' && e.type === 'started').length).toBeLessThanOrEqual(1);
    while (events.filter((e) => e.type === 'finished').length < 21) await finishRunning();
    await Promise.all([...burst, other]);
  });

  it('passes a key’s turn on when a hash fails', async () => {
    const hashing = new FairHashing(new Semaphore(1));
    await expect(hashing.run('ada', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(hashing.run('ada', async () => 'next')).resolves.toBe('next');
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
