import type { AppConfig } from '../config';

const MINUTE = 60_000;

export interface Limit {
  /**
   * Whose counter a request takes a place in: the signed-in user's (a guest falls back to
   * the client address), always the client address (IPv6 by its /64), an account by its
   * normalised email (the password and emailed-link flows, before anyone is signed in), or
   * one account at one address.
   */
  per: 'user' | 'address' | 'account' | 'accountAddress';
  /** Requests let through per window; a function of the configuration where it is configurable. */
  max: number | ((config: AppConfig) => number);
  /** Fixed window: counting starts afresh once it has passed. */
  windowMs: number;
  /**
   * The counter's own key prefix (`<key>:<who>`), kept by the account flows' counters, which
   * are older than this list; without it the key is `limit:<name>:user:<uid>` or
   * `limit:<name>:ip:<address>`. Metrics label a refusal with the prefix (rate-limit.ts limitOfKey).
   */
  key?: string;
}

/**
 * Every limit on a write a client can repeat, in one place. Each request takes its place
 * before any work is done (see rateLimit in rate-limit.ts); past `max`, the answer is 429
 * with Retry-After. The numbers are meant to be out of a real person's reach and to cap
 * what a script can do with one account.
 *
 * A few are counted by hand (`reserveLimit` in rate-limit.ts), where a place may be taken
 * only once a check has passed, or given back when the attempt turns out not to count: the
 * password checks (auth/password-attempts.ts) and the account emails (features/account).
 * Each says so below.
 */
export const LIMITS = {
  /**
   * Creating, editing or publishing a story (POST /api/stories, PATCH /api/stories/:id and
   * its visibility). Every save is a click on Save (drafts are kept in the browser, not
   * sent), so 60 in ten minutes is far past the busiest writer.
   */
  storyWrites: { per: 'user', max: 60, windowMs: 10 * MINUTE },
  /** Adding or taking back a reaction. Six kinds on each card of a feed: 120 in ten minutes is a busy reader. */
  reactions: { per: 'user', max: 120, windowMs: 10 * MINUTE },
  /** Favouriting and unfavouriting: as for reactions. */
  favorites: { per: 'user', max: 120, windowMs: 10 * MINUTE },
  /** Every change to reading lists (making, renaming, adding, notes): as for favourites. */
  readingLists: { per: 'user', max: 120, windowMs: 10 * MINUTE },
  /** Making, changing and ordering series (a drag or a Move up is one request): 300 in ten minutes is a long tidy-up. */
  seriesWrites: { per: 'user', max: 300, windowMs: 10 * MINUTE },
  /** Every change to anthologies (opening, editing, submitting, accepting, ordering, following): as for series. */
  anthologyWrites: { per: 'user', max: 300, windowMs: 10 * MINUTE },
  /** Posting a comment: ten a minute, the rule comments always had. */
  comments: { per: 'user', max: 10, windowMs: MINUTE },
  /** Suggesting a feature: each one notifies every admin, so 20 an hour (the rule it always had). */
  featureRequests: { per: 'user', max: 20, windowMs: 60 * MINUTE },
  /** Sending or editing a message: at most 20 in 30 seconds, far past a quick back-and-forth. */
  messages: { per: 'user', max: 20, windowMs: 30_000 },
  /** Typing signals: the composer sends one every few seconds while someone types. */
  typing: { per: 'user', max: 60, windowMs: MINUTE },
  /** Marking notifications read, changing notification or messaging settings, accepting or declining requests. */
  inboxWrites: { per: 'user', max: 300, windowMs: 10 * MINUTE },
  /**
   * Admin changes (status, responses, deletions, greetings, imports): admins are trusted, but a
   * stolen admin session or a runaway script should not rewrite everything at once.
   */
  adminWrites: { per: 'user', max: 300, windowMs: 10 * MINUTE },
  /**
   * Follow, unfollow, request, accept, remove follower, block, mute: 400 a day (Mastodon's
   * number), so a script cannot churn the graph; the refusal says to come back tomorrow.
   */
  followActions: { per: 'user', max: 400, windowMs: 24 * 60 * MINUTE },
  /** Events the web app records for a signed-in user (theme changes, the tutorial…): a handful a minute in real use. */
  logs: { per: 'user', max: 120, windowMs: MINUTE },
  /**
   * A signed-out visitor may only report a crash (error_boundary), each error once. Counted
   * per address, which every guest behind it shares: ten in ten minutes.
   */
  guestErrorLogs: { per: 'address', max: 10, windowMs: 10 * MINUTE },
  /** Profile image uploads: each is decoded and re-encoded, so 30 in ten minutes (the rule it always had). */
  uploads: { per: 'user', max: 30, windowMs: 10 * MINUTE },
  /** New accounts per client address an hour: SIGNUP_RATE_LIMIT (default 30). */
  signUps: { per: 'address', max: (config) => config.signUpsPerHour, windowMs: 60 * MINUTE },
  /** Answers to emailed links per address: the tokens cannot be guessed, but nobody needs to try. */
  emailLinks: { per: 'address', max: 30, windowMs: 15 * MINUTE },
  /** Reporting a story, comment, profile or message: 20 an hour is far past honest use, and each one reaches every admin's queue. */
  reports: { per: 'user', max: 20, windowMs: 60 * MINUTE },
  /** Downloading a book: each one reads a year of stories and writes an EPUB; 30 an hour is far past real use. */
  books: { per: 'user', max: 30, windowMs: 60 * MINUTE },
  /** Importing stories: each request may carry many files; ten an hour. */
  imports: { per: 'user', max: 10, windowMs: 60 * MINUTE },
  /** Asking to delete or cancelling deletion of one's own account. */
  accountDeletion: { per: 'user', max: 10, windowMs: 60 * MINUTE },
  /** Starting or giving up a personal challenge: one runs at a time, so 30 an hour is far past real use. */
  challenges: { per: 'user', max: 30, windowMs: 60 * MINUTE },
  /** Entering, withdrawing and voting in the weekly contest: three votes and one entry a week; 120 in ten minutes is far past real use. */
  contests: { per: 'user', max: 120, windowMs: 10 * MINUTE },
  /** "Forgot password" requests per client address: ten an hour. */
  forgotPassword: { per: 'address', max: 10, windowMs: 60 * MINUTE, key: 'forgot:ip' },
  /**
   * Reset emails per account: three an hour. By hand, and only for an address that has an
   * account; past it, "Forgot password" answers the same and sends nothing.
   */
  resetEmails: { per: 'account', max: 3, windowMs: 60 * MINUTE, key: 'forgot:email' },
  /**
   * Setting a new password with the reset link, per client address: 20 in 15 minutes. By hand,
   * once the new password meets the policy, so a too-short one costs neither a place nor the link.
   */
  passwordResets: { per: 'address', max: 20, windowMs: 15 * MINUTE, key: 'reset:ip' },
  /** New verification emails: three an hour. By hand, once the address is known to be unverified. */
  verificationResends: { per: 'user', max: 3, windowMs: 60 * MINUTE, key: 'verify-resend' },
  /**
   * Asking to change one's email: five an hour. By hand, after the current password, and before
   * the answer that says an address is taken, so addresses cannot be tested in bulk.
   */
  emailChanges: { per: 'user', max: 5, windowMs: 60 * MINUTE, key: 'email-change' },
  /**
   * Password checks (sign-in, password change, email change), all by hand: a place is taken in
   * each counter before the password is hashed, and given back when the password was right.
   * Per client address whatever the account: 30 in 15 minutes.
   */
  passwordChecksPerAddress: { per: 'address', max: 30, windowMs: 15 * MINUTE, key: 'pw:ip' },
  /** Password checks per account from anywhere: ten in 15 minutes (an address with no recent failures still gets a try). */
  passwordChecksPerAccount: { per: 'account', max: 10, windowMs: 15 * MINUTE, key: 'pw:acct' },
  /** Password checks per account from one address: five in 15 minutes. */
  passwordChecksPerAccountAddress: { per: 'accountAddress', max: 5, windowMs: 15 * MINUTE, key: 'pw:acct-ip' },
  /**
   * Failed password checks per account in 24 hours from all addresses together:
   * PASSWORD_FAILURES_PER_DAY. Past it no password is checked and the emailed reset link is the way back in.
   */
  passwordFailuresPerDay: { per: 'account', max: (config) => config.passwordFailuresPerDay, windowMs: 24 * 60 * MINUTE, key: 'pw:acct-day' },
  /**
   * A two-factor TOTP code, per account and code: accepted once. A code is good for
   * its 30 seconds and one step either side, so the claim outlives it; by hand in the /api/auth
   * wrapper, and given back when the code was wrong.
   */
  totpCodesUsed: { per: 'account', max: 1, windowMs: 3 * MINUTE, key: 'totp-used' },
  /**
   * Asking for a passkey challenge (adding one, or signing in with one): each is a
   * row kept five minutes. Per address: 60 in 15 minutes is far past a person retrying.
   */
  passkeyChallenges: { per: 'address', max: 60, windowMs: 15 * MINUTE },
  /**
   * Changing one's handle: ten a day. Every old handle keeps leading to its person for good
   * (docs/decisions/0064-handles.md), so a script must not be able to hold names in bulk by
   * changing. By hand (features/handles/routes.ts), once the new handle passes the rule, and
   * given back when no change is made (taken, or already theirs): trying taken names costs nothing.
   */
  handleChanges: { per: 'user', max: 10, windowMs: 24 * 60 * MINUTE },
  /** Renaming or removing passkeys in Settings. */
  passkeyChanges: { per: 'user', max: 60, windowMs: 10 * MINUTE },
  /** The "your account is locked" email: one per account a day, whichever refused request comes first (by hand). */
  lockoutNotices: { per: 'account', max: 1, windowMs: 24 * 60 * MINUTE, key: 'pw:locked-notice' },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

/** Who a limit counts, by its `per`: a user limit counts a guest by address. */
interface Subjects {
  user: { uid: string } | { ip: string };
  address: { ip: string };
  account: { account: string };
  accountAddress: { account: string; ip: string };
}
export type LimitSubject<N extends LimitName> = Subjects[(typeof LIMITS)[N]['per']];

/** The limits a route's middleware can take: counted per user or per address. */
export type RouteLimitName = { [N in LimitName]: (typeof LIMITS)[N]['per'] extends 'user' | 'address' ? N : never }[LimitName];

/**
 * Live-event streams one user may hold open on one server instance (each is a connection
 * and a subscription). Opening one more closes that user's oldest: a script cannot pile up
 * connections, and a person with more tabs than that keeps live updates in the newest ones.
 */
export const MAX_OPEN_STREAMS_PER_USER = 20;

export function limitMax(limit: Limit, config: AppConfig): number {
  return typeof limit.max === 'function' ? limit.max(config) : limit.max;
}
