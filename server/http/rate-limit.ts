import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

/**
 * Fixed-window counters kept in the database, so limits hold across server instances
 * and restarts. `hit` counts one event; `isBlocked` only reads.
 */
export class RateLimiter {
  constructor(private readonly db: Kysely<Database>) {}

  async hit(key: string, windowMs: number, now = Date.now()): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('rateLimits').select(['count', 'resetAt']).where('key', '=', key).executeTakeFirst();
      if (!row || Number(row.resetAt) <= now) {
        await trx
          .insertInto('rateLimits')
          .values({ key, count: 1, resetAt: now + windowMs })
          .onConflict((oc) => oc.column('key').doUpdateSet({ count: 1, resetAt: now + windowMs }))
          .execute();
        return 1;
      }
      await trx.updateTable('rateLimits').set({ count: row.count + 1 }).where('key', '=', key).execute();
      return row.count + 1;
    });
  }

  /** Milliseconds until the key may act again, or 0 when it is under `max`. */
  async retryAfterMs(key: string, max: number, now = Date.now()): Promise<number> {
    const row = await this.db.selectFrom('rateLimits').select(['count', 'resetAt']).where('key', '=', key).executeTakeFirst();
    if (!row || Number(row.resetAt) <= now || row.count < max) return 0;
    return Number(row.resetAt) - now;
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rateLimits').where('key', '=', key).execute();
  }

  /** Drops expired windows; called periodically. */
  async prune(now = Date.now()): Promise<void> {
    await this.db.deleteFrom('rateLimits').where('resetAt', '<=', now).execute();
  }
}
