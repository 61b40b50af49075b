import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import type { Database } from './db/types';
import type { Dialect } from './db/database';
import type { EventBus } from './events/bus';
import type { Logger } from './logger';
import type { RateLimiter } from './http/rate-limiter';
import type { Auth } from './auth/auth';
import type { SessionUser } from './auth/session-user';
import type { Passwords } from './auth/password';
import type { ObjectStorage } from './storage';
import type { Mailer } from './email/mailer';
import type { EmailQueue } from './email/queue';
import type { Metrics } from './metrics/metrics';
import type { SignedInViewer, Viewer } from './policy/viewer';
import type { ShelfFacts } from './policy/relations';

/** Web Push's VAPID key pair (features/push/vapid.ts): configured, or generated once into DATA_DIR. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * ActivityPub as the server drives it (features/federation FederationService): in front of the
 * app, started and closed with it. The feature reaches the rest of its service through
 * `federationOf(ctx)`.
 */
export interface Federation {
  wrap(app: (request: Request, env?: unknown) => Response | Promise<Response>): (request: Request, env?: unknown) => Response | Promise<Response>;
  start(): void;
  close(): Promise<void>;
}

/** The clock's work (server/jobs/runner.ts JobRunner), as the server and its reads use it. */
export interface Jobs {
  start(): unknown;
  stop(): Promise<void>;
  runSoon(name: string): void;
}

/** What every feature's routes and services may use. Built once in app.ts. */
export interface ServerContext {
  config: AppConfig;
  db: Kysely<Database>;
  dialect: Dialect;
  bus: EventBus;
  logger: Logger;
  rateLimiter: RateLimiter;
  auth: Auth;
  /** Uploaded files (profile images): local disk or S3, by configuration. */
  storage: ObjectStorage;
  /** SMTP when SMTP_URL is set, else every email goes whole to the log. Send through `emails`, not this. */
  mailer: Mailer;
  /** The outbox every email goes through (email/queue.ts): kept in the database, retried, sent once. */
  emails: EmailQueue;
  /** What GET /metrics reports (metrics/metrics.ts); counted whether or not it is enabled. */
  metrics: Metrics;
  /** Web Push's VAPID key pair (features/push/vapid.ts): configured, or generated once into DATA_DIR. */
  vapid: VapidKeys;
  /** Hashes and checks passwords (auth/password.ts): what better-auth and the account screens use. */
  passwords: Passwords;
  /**
   * Work done by the clock (server/jobs). A read that finds such work due (a contest to reveal)
   * asks for the job to run now rather than doing it: reads never write.
   */
  jobs: Jobs;
  /** ActivityPub (features/federation): null when FEDERATION=off. */
  federation: Federation | null;
}

export type { SessionUser };

/** Hono variables set by the session middleware. */
export interface AppEnv {
  Variables: {
    user: SessionUser | null;
    /** The same person as policies see them (null: a guest), built once from `user`. */
    viewer: Viewer;
    sessionId: string | null;
    /** The session passed the second factor: a code after the password or a provider, or a passkey (auth/auth.ts). */
    secondFactor: boolean;
    /** The reader's shelf facts, read with their users row on the requests that ask (auth/session.ts); else null. */
    shelfFacts: ShelfFacts | null;
    /**
     * This instance has heard of every change committed before the request began, so what it
     * keeps in memory (trusted sessions, users rows, the shared community page) may answer it
     * (auth/session.ts; docs/decisions/0062-kept-answers-catch-up-with-the-outbox.md).
     */
    caughtUp: boolean;
    clientIp: string;
  };
}

/**
 * The variables of a route behind `requireUser` (or in a `signedInRoutes()` group): the
 * session's user is known, so handlers read `c.var.user` and `c.var.viewer` without `!`.
 */
export interface SignedInEnv {
  Variables: Omit<AppEnv['Variables'], 'user' | 'viewer' | 'sessionId'> & {
    user: SessionUser;
    viewer: SignedInViewer;
    /** Set with the user by the session middleware. */
    sessionId: string;
  };
}
