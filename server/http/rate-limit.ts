import type { Context, MiddlewareHandler } from 'hono';
import { ACCOUNT_TEXTS } from '@common/account/account';
import { SOCIAL_TEXTS } from '@common/follows/follows';
import type { AppEnv, ServerContext } from '../context';
import type { Reservation } from './rate-limiter';
import { addressKey } from './client-ip';
import { tooManyRequests } from './errors';
import { LIMITS, limitMax, type Limit, type LimitName, type LimitSubject, type RouteLimitName } from './limits';

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
