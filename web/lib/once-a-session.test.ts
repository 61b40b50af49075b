import { describe, expect, it } from 'vitest';
import { onceASession, type SessionMarks } from './once-a-session';

function marks(): SessionMarks & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return { values, getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

/** A piece of work the test finishes (or never does, as when the page is left mid-way). */
function work() {
  let runs = 0;
  let finish: () => void = () => undefined;
  let fail: (e: Error) => void = () => undefined;
  const run = () => {
    runs += 1;
    return new Promise<void>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { run, runs: () => runs, finish: () => finish(), fail: (e: Error) => fail(e) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('onceASession', () => {
  it('marks the work done only when it has finished, so work cut short runs again on the next page', async () => {
    const storage = marks();
    const cutShort = work();
    onceASession(storage, 'kept', 'u1', cutShort.run, new Set());
    await settle();
    expect(cutShort.runs()).toBe(1);
    expect(storage.values.get('kept')).toBeUndefined();

    // The next page (a new document: a new set of running work) starts it again, and this time it ends.
    const nextPage = work();
    const running = new Set<string>();
    onceASession(storage, 'kept', 'u1', nextPage.run, running);
    nextPage.finish();
    await settle();
    expect(storage.values.get('kept')).toBe('u1');

    const third = work();
    onceASession(storage, 'kept', 'u1', third.run, new Set());
    expect(third.runs()).toBe(0);
  });

  it('runs once at a time in one page, and again for another person', async () => {
    const storage = marks();
    const running = new Set<string>();
    const first = work();
    onceASession(storage, 'kept', 'u1', first.run, running);
    onceASession(storage, 'kept', 'u1', first.run, running);
    expect(first.runs()).toBe(1);
    first.finish();
    await settle();
    const other = work();
    onceASession(storage, 'kept', 'u2', other.run, running);
    expect(other.runs()).toBe(1);
  });

  it('leaves failed work unmarked, to be tried on a later page', async () => {
    const storage = marks();
    const running = new Set<string>();
    const failing = work();
    onceASession(storage, 'kept', 'u1', failing.run, running);
    failing.fail(new Error('offline'));
    await settle();
    expect(storage.values.get('kept')).toBeUndefined();
    const again = work();
    onceASession(storage, 'kept', 'u1', again.run, running);
    expect(again.runs()).toBe(1);
  });

  it('does nothing where session storage cannot be read (private modes that refuse it)', () => {
    const refusing: SessionMarks = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    const job = work();
    onceASession(refusing, 'kept', 'u1', job.run, new Set());
    expect(job.runs()).toBe(0);
  });
});
