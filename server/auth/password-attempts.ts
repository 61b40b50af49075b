import { ACCOUNT_TEXTS } from '@common/account/texts';
import type { ServerContext } from '../context';
import { AppError, tooManyRequests } from '../http/errors';
import { LIMITS, limitMax } from '../http/limits';
import { limitKey, reserveLimit } from '../http/rate-limit';
import type { RateLimiter, Reservation } from '../http/rate-limiter';

type Limiting = Pick<ServerContext, 'rateLimiter' | 'config'>;

export interface PasswordCheck {
  allowed: boolean;
  /** Refused because the account used up its failed checks for the day: only the reset link helps. */
  locked: boolean;
  retryAfterMs: number;
  /** The password was right: it does not count against anyone. */
  succeeded(): Promise<void>;
  /** The check never happened (the request failed for another reason). */
  cancelled(): Promise<void>;
}

/**
 * Every password check (sign-in, password change, email change) takes its places in the
 * counters (limits.ts: passwordChecksPerAddress, …PerAccount, …PerAccountAddress) BEFORE the
 * password is hashed, in one atomic upsert each, so a burst of parallel guesses cannot slip
 * past the limit. A stranger who uses up an account's 15-minute limit cannot lock its owner
 * out: a client address with no recent failures (on any account) still gets a try, so a
 * stranger gets at most one such try per address and window. That door has a hard cap
 * (passwordFailuresPerDay): PASSWORD_FAILURES_PER_DAY failed checks per account in
 * 24 hours from all addresses together, after which no password is checked at all and the emailed reset link
 * (features/account/lockout.ts) is the way back in.
 */
export async function reservePasswordCheck(ctx: Limiting, email: string, ip: string, now = Date.now()): Promise<PasswordCheck> {
  const limiter = ctx.rateLimiter;
  const account = email.trim().toLowerCase();
  const keys = {
    address: limitKey('passwordChecksPerAddress', { ip }),
    account: limitKey('passwordChecksPerAccount', { account }),
    day: limitKey('passwordFailuresPerDay', { account }),
    pair: limitKey('passwordChecksPerAccountAddress', { account, ip }),
  };
  const refund = (...names: Array<keyof typeof keys>) => Promise.all(names.map((name) => limiter.refund(keys[name])));
  const check = (allowed: boolean, locked: boolean, retryAfterMs: number): PasswordCheck => ({
    allowed,
    locked,
    retryAfterMs,
    succeeded: async () => {
      await Promise.all([refund('address', 'account', 'day'), limiter.clear(keys.pair)]);
    },
    cancelled: async () => {
      await refund('address', 'account', 'pair', 'day');
    },
  });
  const lockedFor = (resetAt: number) => check(false, true, Math.max(0, resetAt - now));
  const laterLimits = { pair: LIMITS.passwordChecksPerAccountAddress, account: LIMITS.passwordChecksPerAccount };
  /** Refused by one limit: the wait is the longest of it and of the limits after it that are full too. */
  const refused = async (by: Reservation, ...later: Array<keyof typeof laterLimits>) => {
    const waits = await Promise.all(
      later.map(async (name) => {
        const hit = await limiter.current(keys[name], now);
        return hit && hit.count >= limitMax(laterLimits[name], ctx.config) ? Math.max(0, hit.resetAt - now) : 0;
      }),
    );
    return check(false, false, Math.max(by.retryAfterMs, ...waits));
  };

  const day = await limiter.current(keys.day, now);
  if (day && day.count >= limitMax(LIMITS.passwordFailuresPerDay, ctx.config)) return lockedFor(day.resetAt);

  // One limit after another, each taken only by a request the ones before let through: a
  // request refused by one takes no place under those after it, so in a burst (where
  // parallel requests take places in any order) none of the five places of an account at an
  // address goes to a request that another limit refuses.
  const byAddress = await reserveLimit(ctx, 'passwordChecksPerAddress', { ip }, now);
  if (!byAddress.allowed) return refused(byAddress, 'account', 'pair');
  // Successful checks are refunded, so a count of 1 means: this address has failed nothing lately.
  const freshAddress = byAddress.count === 1;
  const byAccount = await reserveLimit(ctx, 'passwordChecksPerAccount', { account }, now);
  if (!byAccount.allowed && !freshAddress) return refused(byAccount, 'pair');
  const byPair = await reserveLimit(ctx, 'passwordChecksPerAccountAddress', { account, ip }, now);
  if (!byPair.allowed) return refused(byPair);
  // The day's cap is counted only by checks that will happen, in one atomic upsert that decides
  // its last places whatever else runs in parallel.
  const byDay = await reserveLimit(ctx, 'passwordFailuresPerDay', { account }, now);
  if (!byDay.allowed) {
    await refund('address', 'account', 'pair');
    return lockedFor(byDay.resetAt);
  }
  return check(true, false, 0);
}

/** A new password set by the reset link: the account's failures no longer count, from any address. */
export async function forgetPasswordFailures(limiter: RateLimiter, email: string): Promise<void> {
  const account = email.trim().toLowerCase();
  await Promise.all([
    limiter.clear(limitKey('passwordChecksPerAccount', { account })),
    limiter.clear(limitKey('passwordFailuresPerDay', { account })),
    limiter.clearPrefix(`${LIMITS.passwordChecksPerAccountAddress.key}:${account}|`),
  ]);
}

export function minutesText(ms: number): string {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return `${n} minute${n === 1 ? '' : 's'}`;
}

export const tooManyPasswordChecks = (retryAfterMs: number) =>
  `Too many failed attempts. Please wait ${minutesText(retryAfterMs)} and try again.`;

/** The 429 for a refused check: the daily cap's own code and words, or the wait. */
export function passwordCheckRefused(check: PasswordCheck): AppError {
  return check.locked ? new AppError(429, 'account_locked', ACCOUNT_TEXTS.accountLocked) : tooManyRequests(tooManyPasswordChecks(check.retryAfterMs));
}
