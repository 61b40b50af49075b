import type { Context, MiddlewareHandler } from 'hono';
import { sql, type Kysely } from 'kysely';
import { ACCOUNT_TEXTS } from '@common/account/account';
import { SOCIAL_TEXTS } from '@common/follows/follows';
import type { AppEnv, ServerContext } from '../context';
import type { Database } from '../db/types';
import { addressKey } from './client-ip';
import { tooManyRequests } from './errors';
import { LIMITS, limitMax, type Limit, type LimitName, type LimitSubject, type RouteLimitName } from './limits';

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

/**
 * The counter `who` counts in under the named limit: `limit:<name>:user:<uid>` or
 * `limit:<name>:ip:<address>`, or, for a limit with its own `key` prefix, `<key>:<who>` where
 * who is the uid, the address, the account, or `<account>|<address>`.
 */
export function limitKey<N extends LimitName>(name: N, who: LimitSubject<N>): string {
  const subject: { uid?: string; account?: string; ip?: string } = who;
  const address = subject.ip === undefined ? undefined : addressKey(subject.ip);
  const part = [subject.uid ?? subject.account, address].filter((p) => p !== undefined).join('|');
  const prefix: string | undefined = (LIMITS[name] as Limit).key;
  return prefix ? `${prefix}:${part}` : `limit:${name}:${subject.uid === undefined ? 'ip' : 'user'}:${part}`;
}

/**
 * The limit a counter's key belongs to, for the metrics: the LIMITS name of a `limit:` key, or
 * the `key` prefix of a limit that has its own (the password checks, "forgot password",
 * resends…). Never a part that names a person or an address, so the label stays bounded.
 */
const OWN_PREFIXES = Object.values(LIMITS as Record<string, Limit>).flatMap((l) => (l.key ? [l.key] : []));
export function limitOfKey(key: string): string {
  if (key.startsWith('limit:')) {
    const name = key.split(':')[1] ?? '';
    return Object.hasOwn(LIMITS, name) ? name : 'other';
  }
  return OWN_PREFIXES.find((prefix) => key.startsWith(`${prefix}:`)) ?? 'other';
}

/**
 * Takes one place for `who` under the named limit and answers how the window stands. For the
 * limits counted by hand (limits.ts says which), where the place may be taken only once a
 * check has passed or is given back later (`ctx.rateLimiter.refund(limitKey(name, who))`);
 * everything else goes through the `rateLimit` middleware.
 */
export function reserveLimit<N extends LimitName>(
  ctx: Pick<ServerContext, 'rateLimiter' | 'config'>,
  name: N,
  who: LimitSubject<N>,
  now = Date.now(),
): Promise<Reservation> {
  const limit: Limit = LIMITS[name];
  return ctx.rateLimiter.reserve(limitKey(name, who), limitMax(limit, ctx.config), limit.windowMs, now);
}

/** Refusals that say more than "too often" (the default, ACCOUNT_TEXTS.tooOften). */
const REFUSALS: Partial<Record<LimitName, string>> = { followActions: SOCIAL_TEXTS.tooManyFollowsToday };

/**
 * Takes this request's place under the named limit (LIMITS in limits.ts), before any work
 * is done. Past the limit: 429 `rate_limited` with Retry-After (whole seconds) and the
 * limit's REFUSALS text, else ACCOUNT_TEXTS.tooOften. For routes that must look at the
 * request first; otherwise use the `rateLimit` middleware.
 */
export async function takePlace(ctx: ServerContext, c: Context<AppEnv>, name: RouteLimitName): Promise<void> {
  const user = c.var.user;
  const who = LIMITS[name].per === 'user' && user ? { uid: user.uid } : { ip: c.var.clientIp };
  const { allowed, retryAfterMs } = await reserveLimit(ctx, name, who as LimitSubject<typeof name>);
  if (allowed) return;
  c.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  throw tooManyRequests(REFUSALS[name] ?? ACCOUNT_TEXTS.tooOften);
}

/** Route middleware: `app.post('/', requireUser, rateLimit(ctx, 'comments'), handler)`. */
export function rateLimit(ctx: ServerContext, name: RouteLimitName): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await takePlace(ctx, c, name);
    await next();
  };
}
