import './temporal';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/databases';
import type { DatabaseHandle } from '../../db/database';
import { migrateToLatest } from '../../db/database';
import { KyselyKvStore } from './queries/kv-store';
import { KyselyMessageQueue } from './queries/message-queue';

const logger = pino({ level: 'silent' });

/** Fedify's store and queue on our own database: what several instances share. */
describe.each(testDialects())('federation store and queue on %s', (dialect) => {
  let database: TestDatabase;
  let second: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.handle.db);
    second = database.reopen();
  });
  afterAll(async () => {
    await second.close();
    await database.drop();
  });

  it('keeps values by key, lists by prefix, expires them and swaps only from what is there', async () => {
    let now = Date.parse('2026-12-01T00:00:00Z');
    const kv = new KyselyKvStore(database.handle.db, () => now);
    await kv.set(['a', 'x_%'], { n: 1 });
    await kv.set(['a', 'y'], 'two');
    await kv.set(['ab'], 3);
    await kv.set(['a', 'short'], 4, { ttl: Temporal.Duration.from({ seconds: 10 }) });
    expect(await kv.get(['a', 'x_%'])).toEqual({ n: 1 });
    const listed: unknown[] = [];
    for await (const entry of kv.list(['a'])) listed.push(entry);
    expect(listed).toEqual([
      { key: ['a', 'short'], value: 4 },
      { key: ['a', 'x_%'], value: { n: 1 } },
      { key: ['a', 'y'], value: 'two' },
    ]);
    now += 11_000;
    expect(await kv.get(['a', 'short'])).toBeUndefined();
    expect(await kv.prune()).toBe(1);

    expect(await kv.cas(['c'], undefined, 'first')).toBe(true);
    expect(await kv.cas(['c'], undefined, 'again')).toBe(false);
    expect(await kv.cas(['c'], 'nope', 'x')).toBe(false);
    expect(await kv.cas(['c'], 'first', 'second')).toBe(true);
    expect(await kv.get(['c'])).toBe('second');
    await kv.delete(['c']);
    expect(await kv.get(['c'])).toBeUndefined();
  });

  it('lets exactly one of two instances win a burst of swaps on one key', async () => {
    const one = new KyselyKvStore(database.handle.db);
    const two = new KyselyKvStore(second.db);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).cas(['burst'], undefined, i)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('hands each message to exactly one of two instances, and one with an ordering key after the ones before it', async () => {
    const one = new KyselyMessageQueue(database.handle.db, dialect, logger, { concurrency: 4 });
    const two = new KyselyMessageQueue(second.db, dialect, logger, { concurrency: 4 });
    const seen: number[] = [];
    const ordered: number[] = [];
    const abort = new AbortController();
    const handler = async (message: unknown) => {
      const { n, key } = message as { n: number; key?: boolean };
      await new Promise((resolve) => setTimeout(resolve, n % 3));
      (key ? ordered : seen).push(n);
    };
    const listening = [one.listen(handler, { signal: abort.signal }), two.listen(handler, { signal: abort.signal })];
    await one.enqueueMany(Array.from({ length: 100 }, (_, n) => ({ n })));
    for (let n = 0; n < 20; n++) await (n % 2 ? one : two).enqueue({ n, key: true }, { orderingKey: 'story-1' });
    const deadline = Date.now() + 20_000;
    while ((seen.length < 100 || ordered.length < 20) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    abort.abort();
    await Promise.all(listening);
    expect([...seen].sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, n) => n));
    expect(ordered).toEqual(Array.from({ length: 20 }, (_, n) => n));
    expect(await one.getDepth()).toEqual({ queued: 0, ready: 0, delayed: 0 });
  });

  it('keeps a delayed message until it is due, and counts it as waiting', async () => {
    const queue = new KyselyMessageQueue(database.handle.db, dialect, logger, { concurrency: 1 });
    await queue.enqueue({ later: true }, { delay: Temporal.Duration.from({ hours: 1 }) });
    expect(await queue.getDepth()).toEqual({ queued: 1, ready: 0, delayed: 1 });
    const later = new KyselyMessageQueue(database.handle.db, dialect, logger, { concurrency: 1, now: () => Date.now() + 2 * 3_600_000 });
    const got: unknown[] = [];
    const abort = new AbortController();
    const listening = later.listen((m) => void got.push(m), { signal: abort.signal });
    const deadline = Date.now() + 10_000;
    while (got.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    abort.abort();
    await listening;
    expect(got).toEqual([{ later: true }]);
  });
});
