import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH_DEFAULT, PASSWORD_MIN_LENGTH_FLOOR } from '@common/shared/limits';
import type { S3Settings } from './storage/s3';

/** DATABASE_POOL_SIZE when unset: chosen by bench:throughput (docs/decisions/0033). */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

/** The one module that reads process.env: everything else receives an AppConfig. */

const GOOGLE_DISCOVERY = 'https://accounts.google.com/.well-known/openid-configuration';
const microsoftDiscovery = (tenant: string) =>
  `https://login.microsoftonline.com/${encodeURIComponent(tenant)}/v2.0/.well-known/openid-configuration`;

const httpUrl = z
  .string()
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'must be an http(s) URL');

const postgresUrl = z.string().refine((v) => URL.canParse(v) && /^postgres(ql)?:$/.test(new URL(v).protocol), 'must be a postgres:// URL');

/** smtp:// or smtps://, with a host; user and password (percent-encoded) are optional. */
const smtpUrl = z
  .string()
  .refine(
    (v) => URL.canParse(v) && /^smtps?:$/.test(new URL(v).protocol) && new URL(v).hostname !== '',
    'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587',
  );

/**
 * `no-reply@example.com` or `Name <no-reply@example.com>` (the name may be "quoted"). Commas,
 * semicolons and line breaks are refused: they would split the header into several addresses.
 */
const mailFrom = z
  .string()
  .transform((v) => v.trim())
  .refine((v) => {
    const named = /^(?:"[^"\r\n]+"|[^<>",;\r\n]+?)\s*<([^<>\s]+)>$/.exec(v);
    return z.email().safeParse(named ? named[1] : v).success;
  }, 'must be an email address or Name <email address>');

/** 'true'/'false' (also 1/0, yes/no, any case). */
const flag = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false'))
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int('must be a whole number').min(1, 'must be 1–65535').max(65535, 'must be 1–65535').default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_LISTEN_URL: postgresUrl.optional(),
  ADMIN_EMAIL: z.email('must be an email address').optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Web Push's VAPID key pair, base64url as `web-push generate-vapid-keys` prints it; generated into DATA_DIR when unset. */
  VAPID_PUBLIC_KEY: z.string().regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a base64url P-256 public key (87 characters, starting with B)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)').optional(),
  /** Who push services may contact about this site's pushes: a mailto: or https: URL; defaults to PUBLIC_URL. */
  /** Accept push endpoints over plain http (a local push service in tests); never in production. */
  PUSH_HTTP_ENDPOINTS: flag.default(false),
  VAPID_SUBJECT: z.string().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: or https: URL').optional(),
  PUBLIC_URL: httpUrl.optional(),
  /** ActivityPub federation (docs/self-hosting.md "Federation"): on unless turned off. */
  FEDERATION: z.enum(['on', 'off'], 'must be on or off').default('on'),
  /** Federate with peers on loopback and private addresses over plain HTTP: tests and local trials only. */
  FEDERATION_ALLOW_PRIVATE_ADDRESSES: flag.default(false),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_DISCOVERY_URL: httpUrl.optional(),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_TENANT_ID: z.string().regex(/^[\w.-]+$/, 'must be a tenant id, "common", "organizations" or "consumers"').default('common'),
  MICROSOFT_DISCOVERY_URL: httpUrl.optional(),
  PASSWORD_MIN_LENGTH: z.coerce.number().int('must be a whole number').min(PASSWORD_MIN_LENGTH_FLOOR, `must be at least ${PASSWORD_MIN_LENGTH_FLOOR}`).max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH}`).default(PASSWORD_MIN_LENGTH_DEFAULT),
  SIGNUP_RATE_LIMIT: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(30),
  PASSWORD_FAILURES_PER_DAY: z.coerce.number().int('must be a whole number').min(10, 'must be at least 10').default(100),
  REQUIRE_ADMIN_2FA: flag.default(false),
  WEEKLY_CONTEST: z.enum(['automatic', 'manual'], 'must be automatic or manual').default('automatic'),
  TRUSTED_PROXY_HEADER: z.string().regex(/^[a-z0-9-]+$/i, 'must be a header name such as x-forwarded-for').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_CACHE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0–60000 milliseconds')
    .max(60_000, 'must be 0–60000 milliseconds')
    .default(5000),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a number of connections' })
    .int('must be a whole number of connections')
    .min(1, 'must be 1–100 connections')
    .max(100, 'must be 1–100 connections')
    .default(DEFAULT_DATABASE_POOL_SIZE),
  LOG_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be 1–3650 days')
    .max(3650, 'must be 1–3650 days')
    .default(90),
  STORAGE_DRIVER: z.enum(['local', 's3'], 'must be local or s3').default('local'),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as us-east-1').default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3–63 lowercase letters, digits, dots or hyphens')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  BACKUP_DIR: z.string().optional(),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .min(0.1, 'must be from 0.1 to 8760 hours')
    .max(8760, 'must be from 0.1 to 8760 hours')
    .default(24),
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a number of backups' })
    .int('must be a whole number of backups')
    .min(1, 'must be 1–1000 backups')
    .max(1000, 'must be 1–1000 backups')
    .default(7),
  SMTP_URL: smtpUrl.optional(),
  MAIL_FROM: mailFrom.optional(),
  DB_WAIT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0–3600 seconds')
    .max(3600, 'must be 0–3600 seconds')
    .default(60),
  DRAIN_NOTICE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0–60 seconds')
    .max(60, 'must be 0–60 seconds')
    .default(0),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces')
    .optional(),
});

/** Variables whose value may hold a secret: an error shows only their scheme and host. */
const SECRET_URLS = new Set(['SMTP_URL', 'DATABASE_LISTEN_URL']);
/** Variables that are secrets themselves: an error never quotes them. */
const SECRETS = new Set(['METRICS_TOKEN', 'VAPID_PRIVATE_KEY']);

/** How a bad value is quoted back in the error: whole, or for a secret URL without its user, password, path and query. */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined || SECRETS.has(name)) return '';
  if (!SECRET_URLS.has(name)) return ` (got "${value}")`;
  if (!URL.canParse(value)) return '';
  const url = new URL(value);
  // Without a host the whole value sits in the path, where a password would show.
  if (url.host === '') return '';
  return ` (got "${url.protocol}//${url.username || url.password ? '***@' : ''}${url.host}")`;
}

/** Where uploads (profile images) are kept: DATA_DIR/uploads, or an S3-compatible bucket. */
/** Every environment variable the server reads: docs/self-hosting.md documents each (config-docs.test.ts). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export type StorageConfig = { driver: 'local' } | ({ driver: 's3' } & S3Settings);

export interface OidcProviderConfig {
  clientId: string;
  clientSecret: string;
  discoveryUrl: string;
}

export interface AppConfig {
  port: number;
  dataDir: string;
  /**
   * On PostgreSQL, `listenUrl` is where the live-event bus's LISTEN connection goes: the one
   * connection that needs a session of its own, so direct to PostgreSQL when `url` is a pooler
   * in transaction mode (PgBouncer). DATABASE_LISTEN_URL, defaulting to DATABASE_URL.
   */
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; listenUrl: string };
  adminEmail: string | null;
  /** null means: generate one and keep it in DATA_DIR (see auth/secret.ts). */
  authSecret: string | null;
  /** Web Push (server/features/push): keys null means generate a pair and keep it in DATA_DIR (push/vapid.ts). */
  push: { keys: { publicKey: string; privateKey: string } | null; subject: string; httpEndpoints: boolean };
  publicUrl: string;
  /**
   * ActivityPub (server/features/federation). `allowPrivateAddresses`: peers on loopback and
   * private addresses, over plain HTTP, are allowed (tests and local trials; never public).
   */
  federation: { enabled: boolean; allowPrivateAddresses: boolean };
  providers: { google: OidcProviderConfig | null; microsoft: OidcProviderConfig | null };
  passwordMinLength: number;
  /** New accounts allowed per client address per hour. */
  signUpsPerHour: number;
  /** Failed password checks an account may have in 24 hours, from all addresses; past it only the emailed reset link signs in. */
  passwordFailuresPerDay: number;
  /** Admins must turn on two-factor sign-in before any admin API answers them. */
  requireAdmin2fa: boolean;
  /** automatic: a contest every week with its Monday's daily prompt, unless an admin's opens that week; manual: only admins'. */
  weeklyContest: 'automatic' | 'manual';
  trustedProxyHeader: string | null;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /**
   * How long a verified session is trusted without asking the database again (auth/session-cache.ts):
   * a session revoked on another instance stops working within this window. 0 turns the cache off.
   */
  sessionCacheMs: number;
  /** systemLogs and activityLogs rows older than this many days are deleted by the maintenance task. */
  logRetentionDays: number;
  storage: StorageConfig;
  /** smtpUrl null means: write each email to the log instead of sending it (see email/mailer.ts). */
  mail: { smtpUrl: string | null; from: string };
  /** How long start-up waits for an unreachable database, trying again with backoff (db/wait.ts); 0 tries once. */
  dbWaitSeconds: number;
  /**
   * After SIGTERM, how long the instance keeps answering while /api/health says 503, so a load
   * balancer stops sending to it before it closes any connection (server.ts close; 0: at once).
   */
  drainNoticeSeconds: number;
  /** PostgreSQL: connections this instance's pool opens at most (db/database.ts; docs/decisions/0033). */
  databasePoolSize: number;
  /** GET /metrics answers only `Authorization: Bearer <token>`; null turns metrics off (metrics/routes.ts). */
  metricsToken: string | null;
  /** Scheduled backups (ops/backup/schedule.ts): off while dir is null. */
  backups: { dir: string | null; intervalHours: number; keep: number };
}

export class ConfigError extends Error {}

function pairedProvider(
  name: string,
  id: string | undefined,
  secret: string | undefined,
  discoveryUrl: string,
): OidcProviderConfig | null {
  if (!id && !secret) return null;
  if (!id || !secret) {
    throw new ConfigError(`${name}_CLIENT_ID and ${name}_CLIENT_SECRET must be set together`);
  }
  return { clientId: id, clientSecret: secret, discoveryUrl };
}

function storageConfig(e: z.infer<typeof envSchema>): StorageConfig {
  if (e.STORAGE_DRIVER === 'local') {
    // S3 settings without the driver would silently keep images on local disk.
    if (e.S3_BUCKET) throw new ConfigError('Invalid configuration: S3_BUCKET is set but STORAGE_DRIVER is not s3 (set STORAGE_DRIVER=s3)');
    return { driver: 'local' };
  }
  const required = (name: 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'): string => {
    const value = e[name];
    if (!value) throw new ConfigError(`Invalid configuration: ${name} must be set when STORAGE_DRIVER is s3`);
    return value;
  };
  return {
    driver: 's3',
    bucket: required('S3_BUCKET'),
    accessKeyId: required('S3_ACCESS_KEY_ID'),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
    endpoint: (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`).replace(/\/+$/, ''),
    region: e.S3_REGION,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

/** Validates the environment; throws ConfigError with one line naming the bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // An empty variable means "unset", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${shownValue(name, present[name])}`);
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  if (e.DATABASE_LISTEN_URL && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration: DATABASE_LISTEN_URL is set but DATABASE_URL is not (both name the same PostgreSQL database)');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    dataDir: e.DATA_DIR,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, listenUrl: e.DATABASE_LISTEN_URL ?? e.DATABASE_URL }
      : { kind: 'sqlite', file: 'drabble.sqlite' },
    adminEmail: e.ADMIN_EMAIL?.toLowerCase() ?? null,
    authSecret: e.AUTH_SECRET ?? null,
    push: {
      keys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : null,
      // Push services want a way to reach the sender; https://localhost is refused by some, so a local site names a mailto.
      subject: e.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : `mailto:admin@${new URL(publicUrl).hostname}`),
      httpEndpoints: e.PUSH_HTTP_ENDPOINTS,
    },
    publicUrl,
    federation: { enabled: e.FEDERATION === 'on', allowPrivateAddresses: e.FEDERATION_ALLOW_PRIVATE_ADDRESSES },
    providers: {
      google: pairedProvider('GOOGLE', e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, e.GOOGLE_DISCOVERY_URL ?? GOOGLE_DISCOVERY),
      microsoft: pairedProvider(
        'MICROSOFT',
        e.MICROSOFT_CLIENT_ID,
        e.MICROSOFT_CLIENT_SECRET,
        e.MICROSOFT_DISCOVERY_URL ?? microsoftDiscovery(e.MICROSOFT_TENANT_ID),
      ),
    },
    passwordMinLength: e.PASSWORD_MIN_LENGTH,
    signUpsPerHour: e.SIGNUP_RATE_LIMIT,
    passwordFailuresPerDay: e.PASSWORD_FAILURES_PER_DAY,
    requireAdmin2fa: e.REQUIRE_ADMIN_2FA,
    weeklyContest: e.WEEKLY_CONTEST,
    trustedProxyHeader: e.TRUSTED_PROXY_HEADER?.toLowerCase() ?? null,
    logLevel: e.LOG_LEVEL,
    sessionCacheMs: e.SESSION_CACHE_MS,
    logRetentionDays: e.LOG_RETENTION_DAYS,
    storage: storageConfig(e),
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM ?? `Drabble <no-reply@${new URL(publicUrl).hostname}>` },
    dbWaitSeconds: e.DB_WAIT_SECONDS,
    drainNoticeSeconds: e.DRAIN_NOTICE_SECONDS,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    metricsToken: e.METRICS_TOKEN ?? null,
    backups: { dir: e.BACKUP_DIR ?? null, intervalHours: e.BACKUP_INTERVAL_HOURS, keep: e.BACKUP_KEEP },
  };
}
