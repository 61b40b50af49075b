import { ACCOUNT_TEXTS } from '@common/account-texts';
import { addressKey } from '../http/client-ip';
import { AppError, tooManyRequests } from '../http/errors';
import type { RateLimiter } from '../http/rate-limit';

const WINDOW_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Checks per client address (IPv6: per /64), whatever the account. */
const PER_ADDRESS = 30;
/** Checks per account, from anywhere. */
const PER_ACCOUNT = 10;
/** Checks per account from one address. */
const PER_ACCOUNT_ADDRESS = 5;

/** The counters of one account (and of it at one address), by the normalised email. */
const accountKeys = (account: string) => ({
  account: `pw:acct:${account}`,
  day: `pw:acct-day:${account}`,
  /** Every pair counter of the account starts with this. */
  pairs: `pw:acct-ip:${account}|`,
});

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
 * counters BEFORE the password is hashed, in one atomic upsert each, so a burst of parallel
 * guesses cannot slip past the limit. A stranger who uses up an account's 15-minute limit
 * cannot lock its owner out: a client address with no recent failures (on any account) still
 * gets a try, so a stranger gets at most one such try per address and window. That door has a
 * hard cap (issue 22): `perDay` failed checks per account in 24 hours from all addresses
 * together, after which no password is checked at all and the emailed reset link
 * (features/account/lockout.ts) is the way back in.
 */
export async function reservePasswordCheck(limiter: RateLimiter, email: string, ip: string, perDay: number, now = Date.now()): Promise<PasswordCheck> {
  const account = email.trim().toLowerCase();
  const address = addressKey(ip);
  const own = accountKeys(account);
  const keys = { address: `pw:ip:${address}`, account: own.account, day: own.day, pair: `${own.pairs}${address}` };
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

  // The day's cap is counted only by checks that will happen: a request the 15-minute limits
  // refuse is no failed check, and must not use up the owner's day.
  const [byAddress, byAccount, byPair, day] = await Promise.all([
    limiter.reserve(keys.address, PER_ADDRESS, WINDOW_MS, now),
    limiter.reserve(keys.account, PER_ACCOUNT, WINDOW_MS, now),
    limiter.reserve(keys.pair, PER_ACCOUNT_ADDRESS, WINDOW_MS, now),
    limiter.current(keys.day, now),
  ]);
  if (day && day.count >= perDay) {
    // Nothing is checked for a locked account: the places just taken go back.
    await refund('address', 'account', 'pair');
    return lockedFor(day.resetAt);
  }
  // Successful checks are refunded, so a count of 1 means: this address has failed nothing lately.
  const freshAddress = byAddress.count === 1;
  const blockers = [byAddress, byPair, ...(freshAddress ? [] : [byAccount])].filter((r) => !r.allowed);
  if (blockers.length > 0) return check(false, false, Math.max(...blockers.map((r) => r.retryAfterMs)));
  // One atomic upsert decides the last places of the day, whatever else runs in parallel.
  const byDay = await limiter.reserve(keys.day, perDay, DAY_MS, now);
  if (!byDay.allowed) {
    await refund('address', 'account', 'pair');
    return lockedFor(byDay.resetAt);
  }
  return check(true, false, 0);
}

/** A new password set by the reset link: the account's failures no longer count, from any address. */
export async function forgetPasswordFailures(limiter: RateLimiter, email: string): Promise<void> {
  const own = accountKeys(email.trim().toLowerCase());
  await Promise.all([limiter.clear(own.account), limiter.clear(own.day), limiter.clearPrefix(own.pairs)]);
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
