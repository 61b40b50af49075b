import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '../db/database';
import { isDatabaseUnavailable } from '../db/unavailable';
import { databaseRefusal } from '../http/errors';

/**
 * What the server counts, for GET /metrics (metrics/routes.ts) in Prometheus' text format.
 * One registry per server instance (tests run several in one process). The counters below
 * are always kept (each is a few additions, on rare events); what costs on every request —
 * the HTTP middleware (metrics/http.ts) and Node's default process metrics — runs only when
 * METRICS_TOKEN is set. Gauges read their sources when scraped, not before.
 */

/** Seconds: from a millisecond API answer to a slow export. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds from an event's commit to its dispatch here: milliseconds normally, far more after an outage. */
const LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export type HttpLabels = 'method' | 'route' | 'status';

/** The state of the email queue, read from the database when scraped. */
export interface EmailQueueState {
  waiting: number;
  /** Age of the oldest waiting email, in seconds (0 when none). */
  oldestSeconds: number;
}

/** The last scheduled backup, as the backup feature records it; null before the first. */
export interface BackupState {
  lastRunAt: Date;
  ok: boolean;
  lastSuccessAt: Date | null;
}

export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter<HttpLabels>({
    name: 'drabble_http_requests_total',
    help: 'HTTP requests answered, by route pattern (never the raw path), method and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram<HttpLabels>({
    name: 'drabble_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (for the live stream: to open it), by route pattern, method and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  readonly httpInFlight = new Gauge({
    name: 'drabble_http_requests_in_flight',
    help: 'HTTP requests being answered right now (this scrape included); a draining instance shows them fall to zero.',
    registers: [this.registry],
  });

  readonly dbErrors = new Counter<'kind'>({
    name: 'drabble_db_errors_total',
    help: 'Failed database statements and connection attempts: unavailable (unreachable, restarting, locked), refused (a value the database would not store), other.',
    labelNames: ['kind'],
    registers: [this.registry],
  });

  readonly liveEventLag = new Histogram({
    name: 'drabble_live_event_delivery_lag_seconds',
    help: 'From a live event being recorded to this instance handing it to its open streams.',
    buckets: LAG_BUCKETS,
    registers: [this.registry],
  });

  readonly emailsSent = new Counter({
    name: 'drabble_emails_sent_total',
    help: 'Emails the SMTP server accepted (or, without SMTP_URL, that were written to the log).',
    registers: [this.registry],
  });

  readonly emailsFailed = new Counter<'outcome'>({
    name: 'drabble_emails_failed_total',
    help: 'Failed tries to send an email: retrying (it stays queued) or given_up (still failing after 24 hours).',
    labelNames: ['outcome'],
    registers: [this.registry],
  });

  readonly rateLimitRefusals = new Counter<'limit'>({
    name: 'drabble_rate_limit_refusals_total',
    help: 'Requests over a rate limit, by limit (http/limits.ts names, or the account flows’ own).',
    labelNames: ['limit'],
    registers: [this.registry],
  });

  /** What the gauges read when scraped; the scrape-time reads keep their last value when the database cannot answer. */
  private readonly sources: {
    openStreams: () => number;
    pool: () => PoolUse | null;
    emailQueue: (() => Promise<EmailQueueState>) | null;
    backups: (() => Promise<BackupState | null>) | null;
    lastQueue: EmailQueueState;
    lastBackup: BackupState | null;
  } = { openStreams: () => 0, pool: () => null, emailQueue: null, backups: null, lastQueue: { waiting: 0, oldestSeconds: 0 }, lastBackup: null };

  constructor(readonly enabled: boolean) {
    if (enabled) collectDefaultMetrics({ register: this.registry });
    const sources = this.sources;
    new Gauge({
      name: 'drabble_live_streams_open',
      help: 'Live-event streams open on this instance.',
      registers: [this.registry],
      collect() {
        this.set(sources.openStreams());
      },
    });
    new Gauge<'state'>({
      name: 'drabble_db_pool_connections',
      help: 'Database connections of this instance: total open, idle, and requests waiting for one (SQLite: its one connection).',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const use = sources.pool() ?? { max: 1, total: 1, idle: 0, waiting: 0 };
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
    new Gauge({
      name: 'drabble_db_pool_max',
      help: 'The most database connections this instance opens.',
      registers: [this.registry],
      collect() {
        this.set(sources.pool()?.max ?? 1);
      },
    });
    new Gauge<'measure'>({
      name: 'drabble_email_queue',
      help: 'Emails waiting to be sent (waiting), and the age in seconds of the oldest (oldest_seconds).',
      labelNames: ['measure'],
      registers: [this.registry],
      async collect() {
        if (sources.emailQueue) sources.lastQueue = await sources.emailQueue().catch(() => sources.lastQueue);
        this.set({ measure: 'waiting' }, sources.lastQueue.waiting);
        this.set({ measure: 'oldest_seconds' }, sources.lastQueue.oldestSeconds);
      },
    });
    this.backupGauges();
  }

  /** The sources the gauges read when scraped. */
  observe(given: { openStreams?: () => number; pool?: () => PoolUse | null; emailQueue?: () => Promise<EmailQueueState> }): void {
    if (given.openStreams) this.sources.openStreams = given.openStreams;
    if (given.pool) this.sources.pool = given.pool;
    if (given.emailQueue) this.sources.emailQueue = given.emailQueue;
  }

  /**
   * The hook for scheduled backups (their feature is built apart from this one): give it the
   * function that reads the last backup's time and result, and the three backup gauges report
   * it at every scrape. Until then they read 0 (never).
   */
  registerBackupMetrics(read: () => Promise<BackupState | null>): void {
    this.sources.backups = read;
  }

  private backupGauges(): void {
    const sources = this.sources;
    // The three gauges are collected together: one read serves them all.
    let reading: Promise<BackupState | null> | null = null;
    const refresh = () =>
      (reading ??= (async () => {
        if (sources.backups) sources.lastBackup = await sources.backups().catch(() => sources.lastBackup);
        return sources.lastBackup;
      })().finally(() => (reading = null)));
    const seconds = (date: Date | null | undefined) => (date ? date.getTime() / 1000 : 0);
    new Gauge({
      name: 'drabble_backup_last_run_timestamp_seconds',
      help: 'When the last scheduled backup ran (Unix time; 0: never).',
      registers: [this.registry],
      async collect() {
        this.set(seconds((await refresh())?.lastRunAt));
      },
    });
    new Gauge({
      name: 'drabble_backup_last_run_ok',
      help: 'Whether the last scheduled backup succeeded (1) or failed (0).',
      registers: [this.registry],
      async collect() {
        this.set((await refresh())?.ok ? 1 : 0);
      },
    });
    new Gauge({
      name: 'drabble_backup_last_success_timestamp_seconds',
      help: 'When the last good backup finished (Unix time; 0: never).',
      registers: [this.registry],
      async collect() {
        this.set(seconds((await refresh())?.lastSuccessAt));
      },
    });
  }

  /** A failed statement or connection attempt, by kind. */
  dbError(err: unknown): void {
    const kind = isDatabaseUnavailable(err) ? 'unavailable' : databaseRefusal(err) ? 'refused' : 'other';
    this.dbErrors.inc({ kind });
  }

  /** A rate-limit counter refused a request; `limit` is its name (http/rate-limit.ts limitOfKey). */
  rateLimitRefused(limit: string): void {
    this.rateLimitRefusals.inc({ limit });
  }
}
