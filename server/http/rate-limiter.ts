import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';

/*
 * The counters behind every rate limit, in the database so that every instance counts the same.
 * On its own (without the middleware in rate-limit.ts) so the server context can name its type
 * without importing the request side, which imports the context.
 */

export interface Hit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Epoch ms when the window ends. */
  resetAt: number;
}

export interface Reservation extends Hit {
  allowed: boolean;
  /** Milliseconds until the key may act again (0 when allowed). */
  retryAfterMs: number;
}

/**
 * Fixed-window counters kept in the database, so limits hold across server instances and
 * restarts. Each hit is one upsert that increments and returns the count in a single
 * statement: concurrent requests can neither lose a count nor read a stale one.
 */
export class RateLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    /** Told the key of every reservation refused (the metrics count them by limitOfKey). */
    private readonly onRefused: (key: string) => void = () => {},
  ) {}

  async hit(key: string, windowMs: number, now = Date.now()): Promise<number> {
    return (await this.count(key, windowMs, now)).count;
  }

  /** Counts one event and returns the window as it stands after it. */
  async count(key: string, windowMs: number, now = Date.now()): Promise<Hit> {
    const expired = sql<boolean>`${sql.ref('rateLimits.resetAt')} <= ${now}`;
    const row = await this.db
      .insertInto('rateLimits')
      .values({ key, count: 1, resetAt: now + windowMs })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when ${expired} then 1 else ${sql.ref('rateLimits.count')} + 1 end`,
          resetAt: sql<number>`case when ${expired} then ${now + windowMs} else ${sql.ref('rateLimits.resetAt')} end`,
        }),
      )
      .returning(['count', 'resetAt'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), resetAt: Number(row.resetAt) };
  }

  /**
   * Takes one of `max` places in the window before the work is done, so a burst of
   * parallel requests can never let more than `max` through.
   */
  async reserve(key: string, max: number, windowMs: number, now = Date.now()): Promise<Reservation> {
    const hit = await this.count(key, windowMs, now);
    const allowed = hit.count <= max;
    if (!allowed) this.onRefused(key);
    // Clamped to the window: in a burst, this request may have read the clock a moment before
    // the one whose write opened the window.
    return { ...hit, allowed, retryAfterMs: allowed ? 0 : Math.min(windowMs, Math.max(0, hit.resetAt - now)) };
  }

  /** Gives back a place taken by `reserve` (the attempt turned out not to count). */
  async refund(key: string): Promise<void> {
    await this.db
      .updateTable('rateLimits')
      .set({ count: sql<number>`case when ${sql.ref('count')} > 0 then ${sql.ref('count')} - 1 else 0 end` })
      .where('key', '=', key)
      .execute();
  }

  /** Hits in the current window without counting one. */
  async peek(key: string, now = Date.now()): Promise<number> {
    return (await this.current(key, now))?.count ?? 0;
  }

  /** The current window as it stands (null when there is none), without counting a hit. */
  async current(key: string, now = Date.now()): Promise<Hit | null> {
    const row = await this.db.selectFrom('rateLimits').select(['count', 'resetAt']).where('key', '=', key).executeTakeFirst();
    return !row || Number(row.resetAt) <= now ? null : { count: Number(row.count), resetAt: Number(row.resetAt) };
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rateLimits').where('key', '=', key).execute();
  }

  /** Clears every counter whose key starts with `prefix` (its own `%`, `_` and `\` match only themselves). */
  async clearPrefix(prefix: string): Promise<void> {
    const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    await this.db.deleteFrom('rateLimits').where(sql<boolean>`${sql.ref('key')} like ${pattern} escape '\\'`).execute();
  }

  /** Drops expired windows; called periodically. */
  async prune(now = Date.now()): Promise<void> {
    await this.db.deleteFrom('rateLimits').where('resetAt', '<=', now).execute();
  }
}
