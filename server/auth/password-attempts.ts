import { addressKey } from '../http/client-ip';
import type { RateLimiter } from '../http/rate-limit';

const WINDOW_MS = 15 * 60 * 1000;
/** Checks per client address (IPv6: per /64), whatever the account. */
const PER_ADDRESS = 30;
/** Checks per account, from anywhere. */
const PER_ACCOUNT = 10;
/** Checks per account from one address. */
const PER_ACCOUNT_ADDRESS = 5;

export interface PasswordCheck {
  allowed: boolean;
  retryAfterMs: number;
  /** The password was right: it does not count against anyone. */
  succeeded(): Promise<void>;
  /** The check never happened (the request failed for another reason). */
  cancelled(): Promise<void>;
}

/**
 * Every password check (sign-in, password change, email change) takes its places in the
 * counters BEFORE the password is hashed, in one atomic upsert each, so a burst of parallel
 * guesses cannot slip past the limit. A stranger who uses up an account's limit cannot lock
 * its owner out: a client address with no recent failures (on any account) still gets a
 * try, so a stranger gets at most one such try per address and window.
 */
export async function reservePasswordCheck(limiter: RateLimiter, email: string, ip: string): Promise<PasswordCheck> {
  const account = email.trim().toLowerCase();
  const address = addressKey(ip);
  const keys = {
    address: `pw:ip:${address}`,
    account: `pw:acct:${account}`,
    pair: `pw:acct-ip:${account}|${address}`,
  };
  const [byAddress, byAccount, byPair] = await Promise.all([
    limiter.reserve(keys.address, PER_ADDRESS, WINDOW_MS),
    limiter.reserve(keys.account, PER_ACCOUNT, WINDOW_MS),
    limiter.reserve(keys.pair, PER_ACCOUNT_ADDRESS, WINDOW_MS),
  ]);
  // Successful checks are refunded, so a count of 1 means: this address has failed nothing lately.
  const freshAddress = byAddress.count === 1;
  const allowed = byAddress.allowed && byPair.allowed && (byAccount.allowed || freshAddress);
  const blockers = [byAddress, byPair, ...(freshAddress ? [] : [byAccount])].filter((r) => !r.allowed);
  const refundAll = async () => {
    await Promise.all([limiter.refund(keys.address), limiter.refund(keys.account), limiter.refund(keys.pair)]);
  };
  return {
    allowed,
    retryAfterMs: allowed ? 0 : Math.max(...blockers.map((r) => r.retryAfterMs)),
    succeeded: async () => {
      await Promise.all([limiter.refund(keys.address), limiter.refund(keys.account), limiter.clear(keys.pair)]);
    },
    cancelled: refundAll,
  };
}

export function minutesText(ms: number): string {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return `${n} minute${n === 1 ? '' : 's'}`;
}

export const tooManyPasswordChecks = (retryAfterMs: number) =>
  `Too many failed attempts. Please wait ${minutesText(retryAfterMs)} and try again.`;
