import type { AppConfig } from '../config';

const MINUTE = 60_000;

export interface Limit {
  /**
   * Whose counter a request takes a place in: the signed-in user's (a guest falls back to
   * the client address), or always the client address (IPv6 by its /64).
   */
  per: 'user' | 'address';
  /** Requests let through per window; a function of the configuration where it is configurable. */
  max: number | ((config: AppConfig) => number);
  /** Fixed window: counting starts afresh once it has passed. */
  windowMs: number;
}

/**
 * Every limit on a write a client can repeat, in one place. Each request takes its place
 * before any work is done (see rateLimit in rate-limit.ts); past `max`, the answer is 429
 * with Retry-After. The numbers are meant to be out of a real person's reach and to cap
 * what a script can do with one account; the password checks have their own, finer rules
 * (auth/password-attempts.ts), as do the emailed-link flows in features/account.
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
  /** Posting a comment: ten a minute, the rule comments always had. */
  comments: { per: 'user', max: 10, windowMs: MINUTE },
  /** Suggesting a feature: each one notifies every admin, so 20 an hour (the rule it always had). */
  featureRequests: { per: 'user', max: 20, windowMs: 60 * MINUTE },
  /** Sending or editing a message (issue 12): at most 20 in 30 seconds, far past a quick back-and-forth. */
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
  /** Reporting a story, comment, profile or message (issue 14): 20 an hour is far past honest use, and each one reaches every admin's queue. */
  reports: { per: 'user', max: 20, windowMs: 60 * MINUTE },
  /** Importing stories (issue 14): each request may carry many files; ten an hour. */
  imports: { per: 'user', max: 10, windowMs: 60 * MINUTE },
  /** Asking to delete or cancelling deletion of one's own account. */
  accountDeletion: { per: 'user', max: 10, windowMs: 60 * MINUTE },
  /** Starting or giving up a personal challenge (issue 15): one runs at a time, so 30 an hour is far past real use. */
  challenges: { per: 'user', max: 30, windowMs: 60 * MINUTE },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

/**
 * Live-event streams one user may hold open on one server instance (each is a connection
 * and a subscription). Opening one more closes that user's oldest: a script cannot pile up
 * connections, and a person with more tabs than that keeps live updates in the newest ones.
 */
export const MAX_OPEN_STREAMS_PER_USER = 20;

export function limitMax(limit: Limit, config: AppConfig): number {
  return typeof limit.max === 'function' ? limit.max(config) : limit.max;
}
