import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { AppConfig } from './config';
import type { ServerContext } from './context';
import { migrateToLatest, openPostgres, openSqlite, underMigrationLock, type DatabaseHandle } from './db/database';
import { waitForDatabase } from './db/wait';
import { OutageWatch } from './db/unavailable';
import { createAuth, migrateAuthTables } from './auth/auth';
import { resolveAuthSecret } from './auth/secret';
import { argon2Passwords, type Argon2Cost } from './auth/password';
import { resolveVapidKeys } from './features/push';
import { announceSessionsEnded, followEndedSessions, SessionRecheck } from './auth/session-ends';
import { EventBus } from './events/bus';
import { OpenStreams } from './events/streams';
import { StreamPresence } from './events/presence';
import { RateLimiter } from './http/rate-limiter';
import { drain, listen } from './http/listen';
import { apiChainHeaders, createApp } from './app';
import { createFederationService } from './features/federation';
import { answeringEarly, firstEarlyAnswer, type EarlyAnswer } from './http/early-answers';
import { guestPageAnswer, readerPageAnswer } from './features/stories/community-page';
import { countRequest } from './metrics/http';
import { createLogger, type Logger } from './logger';
import { ensureUserRecord } from './shared/users';
import { recordSystemEvent } from './shared/audit-log';
import { sendVerification } from './features/account/service';
import { sendLater } from './features/account/mail';
import { syncEmailVerification } from './auth/owner';
import { createMailer } from './email/mailer';
import { EmailQueue } from './email/queue';
import { Metrics } from './metrics/metrics';
import { limitOfKey } from './http/rate-limit';
import { createStorage } from './storage';
import { backupMetricsOf, readBackupStatus } from './ops/backup/schedule';
import { JobRunner, serverJobs } from './jobs';
import { signUpRule } from './features/registration';
import { noticeSignIn } from './auth/sign-in-notice';

const DEFAULT_WEB_DIR = fileURLToPath(new URL('../dist/web', import.meta.url));
/** With no session cache (SESSION_CACHE_MS=0), how often open streams re-check their sessions. */
const RECHECK_WITHOUT_CACHE_MS = 1000;

export interface StartOptions {
  config: AppConfig;
  logger?: Logger;
  /** Tests pass a prepared database (a temp SQLite file or a Postgres schema). */
  database?: DatabaseHandle;
  webDir?: string | null;
  /** 0 picks a free port. Defaults to config.port. */
  port?: number;
  host?: string;
  /** OWASP's argon2id setting unless given (the API tests start their servers cheaper). */
  passwordCost?: Argon2Cost;
  /** The size of writers' new federation RSA keys: 4096 bits unless given (the API tests make smaller ones). */
  rsaKeyBits?: number;
}

/** What a context's cryptography costs: the defaults in production, less in the API tests. */
export type CryptoCosts = Pick<StartOptions, 'passwordCost' | 'rsaKeyBits'>;

export interface RunningServer {
  url: string;
  ctx: ServerContext;
  streams: OpenStreams;
  close(): Promise<void>;
}

/** The database the configuration names (also the command line's: server/cli/install.ts). */
export function openDatabase(config: AppConfig): DatabaseHandle {
  return config.database.kind === 'postgres'
    ? openPostgres(config.database.url, undefined, { listenUrl: config.database.listenUrl, poolSize: config.databasePoolSize })
    : openSqlite(path.join(config.dataDir, config.database.file));
}

/** Builds everything a request needs, migrating the database first. */
export async function createContext(config: AppConfig, database: DatabaseHandle, logger: Logger, { passwordCost, rsaKeyBits }: CryptoCosts = {}): Promise<ServerContext> {
  await migrateToLatest(database.db);
  const secret = resolveAuthSecret(config.authSecret, config.dataDir);
  const metrics = new Metrics(config.metricsToken !== null);
  database.onError((err) => metrics.dbError(err));
  metrics.observe({ pool: database.poolUse });
  const bus = await EventBus.start(database, logger, { delivered: (lagMs) => metrics.liveEventLag.observe(lagMs / 1000) });
  const passwords = argon2Passwords(passwordCost);
  const ctx: Partial<ServerContext> = {
    config,
    db: database.db,
    dialect: database.dialect,
    bus,
    logger,
    rateLimiter: new RateLimiter(database.db, (key) => metrics.rateLimitRefused(limitOfKey(key))),
    storage: createStorage(config),
    metrics,
    vapid: resolveVapidKeys(config.push.keys, config.dataDir),
    passwords,
  };
  ctx.mailer = createMailer(config.mail, logger);
  ctx.emails = new EmailQueue(database.db, ctx.mailer, logger, metrics, config.publicUrl);
  const emails = ctx.emails;
  metrics.observe({ emailQueue: () => emails.state() });
  const auth = createAuth({
    config,
    db: database.db,
    dialect: database.dialect,
    secret,
    logger,
    onSignedIn: async (user, { method, signedUp, ip, userAgent }) => {
      const record = await ensureUserRecord(
        database.db,
        { uid: user.id, email: user.email, displayName: user.name, emailVerified: user.emailVerified },
        config.adminEmail,
      );
      if (method) {
        await recordSystemEvent(database.db, logger, {
          type: 'user_login',
          action: 'login',
          user: { uid: record.uid, displayName: record.displayName, email: record.email },
          details: { method },
        });
      }
      // "New sign-in to your Drabble account" for a browser and address never seen on the account.
      if (method) await noticeSignIn(ctx as ServerContext, user, { ip, userAgent });
      // Sign-up succeeds even when the mail server is down; the banner offers a resend.
      if (signedUp && !user.emailVerified) await sendVerification(ctx as ServerContext, record, sendLater);
    },
    onPreRegistrationRemoved: async (uid) => {
      await recordSystemEvent(database.db, logger, {
        type: 'account_preregistration_removed',
        action: 'security',
        resource: `users/${uid}`,
        level: 'warn',
        details: { reason: 'a provider vouched for the address; the unverified password and sessions were removed' },
      });
    },
    joining: signUpRule(database.db, config.adminEmail),
    passwords,
    onSessionEnded: async (session) => {
      // The session is already gone; a failed announcement is caught up by SessionRecheck.
      await announceSessionsEnded({ db: database.db, bus }, session.userId, [session.id]).catch((err: unknown) =>
        logger.warn({ err }, 'could not announce an ended session'),
      );
    },
  });
  ctx.auth = auth;
  // Started with the server (startServer): a command-line context never runs the clock's work.
  ctx.jobs = new JobRunner(ctx as ServerContext, serverJobs());
  ctx.federation = config.federation.enabled
    ? createFederationService({ db: database.db, dialect: database.dialect, logger, config, bus, rateLimiter: ctx.rateLimiter!, storage: ctx.storage!, rsaKeyBits, app: () => ctx as ServerContext })
    : null;
  // A live event is a write somewhere (this instance or another): kept users rows may be stale.
  bus.onEveryEvent(() => auth.sessionUsers.clear());
  await underMigrationLock(database.db, (conn) => migrateAuthTables(auth, conn, database.dialect)).catch(closing(bus));
  await syncEmailVerification(database.db, config.adminEmail, logger).catch(closing(bus));
  return ctx as ServerContext;
}

/**
 * A start that fails once the bus is listening closes it first: its own connection (PostgreSQL's
 * LISTEN) would otherwise keep the process alive, hearing events it cannot read.
 */
function closing(bus: EventBus) {
  return async (err: unknown): Promise<never> => {
    await bus.close();
    throw err;
  };
}

/** At shutdown, open streams are told to reconnect after 1–2 s (to another instance, or this one restarted). */
const RESTART_RETRY_MS = 1000;

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = options.database ?? openDatabase(config);
  // Started before its database (both booting together): wait for it rather than exit.
  await waitForDatabase(database.ping, { seconds: config.dbWaitSeconds, logger }).catch(async (err: unknown) => {
    if (!options.database) await database.close();
    throw err;
  });
  const ctx = await createContext(config, database, logger, { passwordCost: options.passwordCost, rsaKeyBits: options.rsaKeyBits });
  // Presence rows of this instance's open streams, renewed by one shared timer.
  const streams = new OpenStreams(undefined, new StreamPresence(ctx.db, logger).start());
  // Sessions that end on any instance close their streams here; the re-check catches the rest.
  const stopFollowing = followEndedSessions(ctx.bus, ctx.auth.sessionCache, streams);
  ctx.metrics.observe({ openStreams: () => streams.size });
  const recheck = new SessionRecheck(ctx.db, streams, config.sessionCacheMs || RECHECK_WITHOUT_CACHE_MS, logger).start();
  const webDir = options.webDir === null ? undefined : (options.webDir ?? DEFAULT_WEB_DIR);
  let draining = false;
  const outages = new OutageWatch(database.ping);
  const stopWatching = database.onError((err) => outages.noted(err));
  const app = createApp(ctx, { ping: database.ping, streams, webDir, draining: () => draining, databaseTroubled: () => outages.troubled() });

  // What @hono/node-server's serve() would listen with, behind the early answers: the guest's
  // community page, while it is kept, is answered before Hono sees the request, once this
  // instance has heard of every change committed before the request (decision 0062).
  const counted = (answer: EarlyAnswer, method: string, startedAt: number) => countRequest(ctx.metrics, method, answer.route, 200, startedAt);
  const chainHeaders = apiChainHeaders(ctx);
  const early = firstEarlyAnswer(guestPageAnswer(ctx, chainHeaders), readerPageAnswer(ctx, chainHeaders));
  const listener = answeringEarly(early, getRequestListener(ctx.federation ? ctx.federation.wrap(app.fetch) : app.fetch, { hostname: options.host }), {
    draining: () => draining,
    answered: ctx.metrics.enabled ? counted : undefined,
    caughtUp: () => ctx.bus.caughtUp(),
  });
  const server = await listen(listener, options.port ?? config.port, options.host).catch(async (err: unknown) => {
    // The port is taken (say): let go of what was opened, so the caller can exit or try another port.
    await ctx.bus.close();
    await ctx.emails.close();
    await ctx.mailer.close();
    if (!options.database) await database.close();
    throw err;
  });
  const { port } = server.address() as AddressInfo;

  // Work done by the clock (server/jobs): emails, reminders, reveals, pruning, backups.
  ctx.jobs.start();
  ctx.emails.kick();
  // Deliveries to and from other servers, and the stories their followers are owed.
  ctx.federation?.start();
  if (ctx.federation && config.federation.allowPrivateAddresses) {
    logger.warn('FEDERATION_ALLOW_PRIVATE_ADDRESSES is on: this server federates with loopback and private addresses over plain HTTP. For tests and local trials only, never on a public server.');
  }
  ctx.metrics.registerBackupMetrics(async () => backupMetricsOf(await readBackupStatus(ctx)));

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      // Health says 503 from here, and every answer closes its connection. Behind a load
      // balancer (DRAIN_NOTICE_SECONDS) everything goes on being answered until its checks have
      // taken this instance out: closing idle connections at once races a request the balancer
      // is sending on one, which then gets no answer at all (decision 0051).
      draining = true;
      if (config.drainNoticeSeconds > 0) await new Promise((resolve) => setTimeout(resolve, config.drainNoticeSeconds * 1000));
      // Open event streams keep the HTTP server from closing: end them first.
      stopFollowing();
      await recheck.stop();
      streams.closeAll(RESTART_RETRY_MS);
      await drain(server);
      await streams.presence?.stop();
      await ctx.jobs.stop();
      await ctx.federation?.close();
      await ctx.bus.close();
      await ctx.emails.close();
      await ctx.mailer.close();
      stopWatching();
      await database.close();
    })());

  return { url: `http://localhost:${port}`, ctx, streams, close };
}
