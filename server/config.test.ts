import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './server';

function error(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration', () => {
  it('has working defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      database: { kind: 'sqlite' },
      adminEmail: null,
      authSecret: null,
      publicUrl: 'http://localhost:3000',
      providers: { google: null, microsoft: null },
      passwordMinLength: 8,
      signUpsPerHour: 30,
      passwordFailuresPerDay: 100,
      trustedProxyHeader: null,
      logRetentionDays: 90,
      sessionCacheMs: 5000,
      dbWaitSeconds: 60,
      drainNoticeSeconds: 0,
      databasePoolSize: 10,
      metricsToken: null,
    });
  });

  it('reads DB_WAIT_SECONDS, 0 (try once) to 3600 seconds', () => {
    expect(loadConfig({ DB_WAIT_SECONDS: '5' }).dbWaitSeconds).toBe(5);
    expect(loadConfig({ DB_WAIT_SECONDS: '0' }).dbWaitSeconds).toBe(0);
    expect(loadConfig({ DB_WAIT_SECONDS: '' }).dbWaitSeconds).toBe(60);
    expect(error({ DB_WAIT_SECONDS: 'long' })).toBe('Invalid configuration: DB_WAIT_SECONDS must be a number of seconds (got "long")');
    expect(error({ DB_WAIT_SECONDS: '-1' })).toBe('Invalid configuration: DB_WAIT_SECONDS must be 0–3600 seconds (got "-1")');
    expect(error({ DB_WAIT_SECONDS: '3601' })).toBe('Invalid configuration: DB_WAIT_SECONDS must be 0–3600 seconds (got "3601")');
    expect(error({ DB_WAIT_SECONDS: '2.5' })).toBe('Invalid configuration: DB_WAIT_SECONDS must be a whole number of seconds (got "2.5")');
  });

  it('reads DRAIN_NOTICE_SECONDS, 0 (close at once) to 60 seconds', () => {
    expect(loadConfig({ DRAIN_NOTICE_SECONDS: '3' }).drainNoticeSeconds).toBe(3);
    expect(loadConfig({ DRAIN_NOTICE_SECONDS: '' }).drainNoticeSeconds).toBe(0);
    expect(error({ DRAIN_NOTICE_SECONDS: 'soon' })).toBe('Invalid configuration: DRAIN_NOTICE_SECONDS must be a number of seconds (got "soon")');
    expect(error({ DRAIN_NOTICE_SECONDS: '61' })).toBe('Invalid configuration: DRAIN_NOTICE_SECONDS must be 0–60 seconds (got "61")');
  });

  it('reads DATABASE_POOL_SIZE, 1 to 100 connections', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '20' }).databasePoolSize).toBe(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(10);
    expect(error({ DATABASE_POOL_SIZE: 'many' })).toBe('Invalid configuration: DATABASE_POOL_SIZE must be a number of connections (got "many")');
    expect(error({ DATABASE_POOL_SIZE: '0' })).toBe('Invalid configuration: DATABASE_POOL_SIZE must be 1–100 connections (got "0")');
    expect(error({ DATABASE_POOL_SIZE: '101' })).toBe('Invalid configuration: DATABASE_POOL_SIZE must be 1–100 connections (got "101")');
    expect(error({ DATABASE_POOL_SIZE: '2.5' })).toBe('Invalid configuration: DATABASE_POOL_SIZE must be a whole number of connections (got "2.5")');
  });

  it('reads METRICS_TOKEN, and never quotes it back', () => {
    expect(loadConfig({ METRICS_TOKEN: 'scrape-me-0123456789' }).metricsToken).toBe('scrape-me-0123456789');
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeNull();
    expect(error({ METRICS_TOKEN: 'short' })).toBe('Invalid configuration: METRICS_TOKEN must be at least 16 characters');
    expect(error({ METRICS_TOKEN: 'has a space in the middle' })).toBe('Invalid configuration: METRICS_TOKEN must be printable characters without spaces');
  });

  it('reads the VAPID keys (both or neither, the private one never quoted), the subject, and http push endpoints for tests', () => {
    const publicKey = `B${'A'.repeat(86)}`;
    const privateKey = 'p'.repeat(43);
    expect(loadConfig({}).push).toEqual({ keys: null, subject: 'mailto:admin@localhost', httpEndpoints: false });
    expect(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, PUBLIC_URL: 'https://drabble.example' }).push).toEqual({
      keys: { publicKey, privateKey },
      subject: 'https://drabble.example',
      httpEndpoints: false,
    });
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@drabble.example', PUSH_HTTP_ENDPOINTS: 'true' }).push).toMatchObject({ subject: 'mailto:ops@drabble.example', httpEndpoints: true });
    expect(error({ VAPID_PUBLIC_KEY: publicKey })).toBe('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
    expect(error({ VAPID_PUBLIC_KEY: 'nope', VAPID_PRIVATE_KEY: privateKey })).toBe(
      'Invalid configuration: VAPID_PUBLIC_KEY must be a base64url P-256 public key (87 characters, starting with B) (got "nope")',
    );
    expect(error({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'secret but short' })).toBe('Invalid configuration: VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)');
    expect(error({ VAPID_SUBJECT: 'http://drabble.example' })).toBe('Invalid configuration: VAPID_SUBJECT must be a mailto: or https: URL (got "http://drabble.example")');
  });

  it('reads SESSION_CACHE_MS, 0 (no cache) to 60000 milliseconds', () => {
    expect(loadConfig({ SESSION_CACHE_MS: '250' }).sessionCacheMs).toBe(250);
    expect(loadConfig({ SESSION_CACHE_MS: '0' }).sessionCacheMs).toBe(0);
    expect(loadConfig({ SESSION_CACHE_MS: '' }).sessionCacheMs).toBe(5000);
    expect(error({ SESSION_CACHE_MS: 'soon' })).toBe('Invalid configuration: SESSION_CACHE_MS must be a number of milliseconds (got "soon")');
    expect(error({ SESSION_CACHE_MS: '-1' })).toBe('Invalid configuration: SESSION_CACHE_MS must be 0–60000 milliseconds (got "-1")');
    expect(error({ SESSION_CACHE_MS: '60001' })).toBe('Invalid configuration: SESSION_CACHE_MS must be 0–60000 milliseconds (got "60001")');
    expect(error({ SESSION_CACHE_MS: '1.5' })).toBe('Invalid configuration: SESSION_CACHE_MS must be a whole number of milliseconds (got "1.5")');
  });

  it('reads LOG_RETENTION_DAYS, a whole number of days from 1 to 3650', () => {
    expect(loadConfig({ LOG_RETENTION_DAYS: '30' }).logRetentionDays).toBe(30);
    expect(loadConfig({ LOG_RETENTION_DAYS: '1' }).logRetentionDays).toBe(1);
    expect(loadConfig({ LOG_RETENTION_DAYS: '3650' }).logRetentionDays).toBe(3650);
    expect(loadConfig({ LOG_RETENTION_DAYS: '' }).logRetentionDays).toBe(90);
    expect(error({ LOG_RETENTION_DAYS: 'forever' })).toBe('Invalid configuration: LOG_RETENTION_DAYS must be a number of days (got "forever")');
    expect(error({ LOG_RETENTION_DAYS: '0' })).toBe('Invalid configuration: LOG_RETENTION_DAYS must be 1–3650 days (got "0")');
    expect(error({ LOG_RETENTION_DAYS: '3651' })).toBe('Invalid configuration: LOG_RETENTION_DAYS must be 1–3650 days (got "3651")');
    expect(error({ LOG_RETENTION_DAYS: '7.5' })).toBe('Invalid configuration: LOG_RETENTION_DAYS must be a whole number of days (got "7.5")');
  });

  it('reads the backup schedule: BACKUP_DIR, BACKUP_INTERVAL_HOURS (default 24), BACKUP_KEEP (default 7)', () => {
    expect(loadConfig({}).backups).toEqual({ dir: null, intervalHours: 24, keep: 7 });
    expect(loadConfig({ BACKUP_DIR: '/srv/backups' }).backups).toEqual({ dir: '/srv/backups', intervalHours: 24, keep: 7 });
    expect(loadConfig({ BACKUP_DIR: '/srv/backups', BACKUP_INTERVAL_HOURS: '6', BACKUP_KEEP: '28' }).backups).toEqual({ dir: '/srv/backups', intervalHours: 6, keep: 28 });
    expect(loadConfig({ BACKUP_DIR: 'b', BACKUP_INTERVAL_HOURS: '0.5' }).backups.intervalHours).toBe(0.5);
    expect(error({ BACKUP_INTERVAL_HOURS: 'daily' })).toBe('Invalid configuration: BACKUP_INTERVAL_HOURS must be a number of hours (got "daily")');
    expect(error({ BACKUP_INTERVAL_HOURS: '0' })).toBe('Invalid configuration: BACKUP_INTERVAL_HOURS must be from 0.1 to 8760 hours (got "0")');
    expect(error({ BACKUP_INTERVAL_HOURS: '9000' })).toBe('Invalid configuration: BACKUP_INTERVAL_HOURS must be from 0.1 to 8760 hours (got "9000")');
    expect(error({ BACKUP_KEEP: 'all' })).toBe('Invalid configuration: BACKUP_KEEP must be a number of backups (got "all")');
    expect(error({ BACKUP_KEEP: '0' })).toBe('Invalid configuration: BACKUP_KEEP must be 1–1000 backups (got "0")');
    expect(error({ BACKUP_KEEP: '2.5' })).toBe('Invalid configuration: BACKUP_KEEP must be a whole number of backups (got "2.5")');
  });

  it('names the bad variable in one line', () => {
    expect(error({ PORT: 'abc' })).toBe('Invalid configuration: PORT must be a port number (got "abc")');
    expect(error({ PORT: '70000' })).toMatch(/^Invalid configuration: PORT must be 1–65535/);
    expect(error({ DATABASE_URL: 'mysql://x' })).toBe('Invalid configuration: DATABASE_URL must be a postgres:// URL (got "mysql://x")');
    expect(error({ DATABASE_URL: 'postgres//broken' })).toMatch(/^Invalid configuration: DATABASE_URL/);
    expect(error({ ADMIN_EMAIL: 'not-an-email' })).toMatch(/^Invalid configuration: ADMIN_EMAIL/);
    expect(error({ PUBLIC_URL: 'ftp://x' })).toMatch(/^Invalid configuration: PUBLIC_URL/);
    expect(error({ AUTH_SECRET: 'short' })).toMatch(/^Invalid configuration: AUTH_SECRET must be at least 32 characters/);
    expect(error({ SIGNUP_RATE_LIMIT: '0' })).toBe('Invalid configuration: SIGNUP_RATE_LIMIT must be at least 1 (got "0")');
    expect(loadConfig({ PASSWORD_FAILURES_PER_DAY: '500' }).passwordFailuresPerDay).toBe(500);
    // Never below 8: a setting from before the rule stops the start with one line naming it.
    expect(error({ PASSWORD_MIN_LENGTH: '7' })).toBe('Invalid configuration: PASSWORD_MIN_LENGTH must be at least 8 (got "7")');
    expect(error({ PASSWORD_MIN_LENGTH: '6' })).toBe('Invalid configuration: PASSWORD_MIN_LENGTH must be at least 8 (got "6")');
    expect(error({ PASSWORD_MIN_LENGTH: '129' })).toBe('Invalid configuration: PASSWORD_MIN_LENGTH must be at most 128 (got "129")');
    expect(loadConfig({ PASSWORD_MIN_LENGTH: '8' }).passwordMinLength).toBe(8);
    expect(loadConfig({}).passwordMinLength).toBe(8);
    expect(error({ PASSWORD_FAILURES_PER_DAY: '5' })).toBe('Invalid configuration: PASSWORD_FAILURES_PER_DAY must be at least 10 (got "5")');
    expect(loadConfig({}).requireAdmin2fa).toBe(false);
    expect(loadConfig({ REQUIRE_ADMIN_2FA: 'true' }).requireAdmin2fa).toBe(true);
    expect(error({ REQUIRE_ADMIN_2FA: 'always' })).toBe('Invalid configuration: REQUIRE_ADMIN_2FA must be true or false (got "always")');
    expect(error({ GOOGLE_CLIENT_ID: 'id' })).toBe('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
    for (const message of [error({ PORT: 'abc' }), error({ DATABASE_URL: 'x' })]) expect(message).not.toContain('\n');
  });

  it('reads Postgres, providers, admin email and password policy', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/drabble',
      ADMIN_EMAIL: 'Owner@Example.com',
      PUBLIC_URL: 'https://drabble.example/',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 's',
      MICROSOFT_CLIENT_ID: 'm',
      MICROSOFT_CLIENT_SECRET: 't',
      MICROSOFT_TENANT_ID: 'contoso',
      PASSWORD_MIN_LENGTH: '10',
      TRUSTED_PROXY_HEADER: 'X-Forwarded-For',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/drabble', listenUrl: 'postgres://u@db:5432/drabble' });
    expect(config.adminEmail).toBe('owner@example.com');
    expect(config.publicUrl).toBe('https://drabble.example');
    expect(config.providers.google?.discoveryUrl).toBe('https://accounts.google.com/.well-known/openid-configuration');
    expect(config.providers.microsoft?.discoveryUrl).toBe('https://login.microsoftonline.com/contoso/v2.0/.well-known/openid-configuration');
    expect(config.passwordMinLength).toBe(10);
    expect(config.trustedProxyHeader).toBe('x-forwarded-for');
  });

  it('reads DATABASE_LISTEN_URL, where the live-event LISTEN connection goes (default: DATABASE_URL)', async () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@pgbouncer:6432/drabble', DATABASE_LISTEN_URL: 'postgres://u:pw@db:5432/drabble' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@pgbouncer:6432/drabble', listenUrl: 'postgres://u:pw@db:5432/drabble' });
    // The event bus's own client takes it; the pool keeps DATABASE_URL. Nothing connects yet.
    const handle = openDatabase(config);
    try {
      expect(handle.pgClientConfig?.connectionString).toBe('postgres://u:pw@db:5432/drabble');
      expect(handle.pgPool?.options.connectionString).toBe('postgres://u@pgbouncer:6432/drabble');
    } finally {
      await handle.close();
    }
    expect(error({ DATABASE_LISTEN_URL: 'postgres://u@db/drabble' })).toBe(
      'Invalid configuration: DATABASE_LISTEN_URL is set but DATABASE_URL is not (both name the same PostgreSQL database)',
    );
    // Its password is never quoted back.
    expect(error({ DATABASE_URL: 'postgres://u@db/x', DATABASE_LISTEN_URL: 'mysql://u:secret@db/x' })).toBe(
      'Invalid configuration: DATABASE_LISTEN_URL must be a postgres:// URL (got "mysql://***@db")',
    );
  });

  it('keeps uploads on local disk by default', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
    expect(loadConfig({ STORAGE_DRIVER: 'local' }).storage).toEqual({ driver: 'local' });
  });

  it('reads the S3 storage settings', () => {
    const s3 = { STORAGE_DRIVER: 's3', S3_BUCKET: 'drabble-images', S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(s3).storage).toEqual({
      driver: 's3',
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      region: 'us-east-1',
      bucket: 'drabble-images',
      accessKeyId: 'AKIA1',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    expect(loadConfig({ ...s3, S3_REGION: 'eu-west-3' }).storage).toMatchObject({ endpoint: 'https://s3.eu-west-3.amazonaws.com', region: 'eu-west-3' });
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'http://minio:9000/', S3_FORCE_PATH_STYLE: 'TRUE' }).storage).toMatchObject({
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: '0' }).storage).toMatchObject({ forcePathStyle: false });
  });

  it('names the missing or bad storage variable in one line', () => {
    const s3 = { STORAGE_DRIVER: 's3', S3_BUCKET: 'drabble-images', S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(error({ STORAGE_DRIVER: 'gcs' })).toBe('Invalid configuration: STORAGE_DRIVER must be local or s3 (got "gcs")');
    expect(error({ STORAGE_DRIVER: 's3' })).toBe('Invalid configuration: S3_BUCKET must be set when STORAGE_DRIVER is s3');
    expect(error({ ...s3, S3_ACCESS_KEY_ID: '' })).toBe('Invalid configuration: S3_ACCESS_KEY_ID must be set when STORAGE_DRIVER is s3');
    expect(error({ ...s3, S3_SECRET_ACCESS_KEY: ' ' })).toBe('Invalid configuration: S3_SECRET_ACCESS_KEY must be set when STORAGE_DRIVER is s3');
    expect(error({ ...s3, S3_BUCKET: 'My_Bucket' })).toMatch(/^Invalid configuration: S3_BUCKET must be a bucket name/);
    expect(error({ ...s3, S3_ENDPOINT: 'minio:9000' })).toMatch(/^Invalid configuration: S3_ENDPOINT must be an http\(s\) URL/);
    expect(error({ ...s3, S3_REGION: 'EU West' })).toMatch(/^Invalid configuration: S3_REGION must be a region name/);
    expect(error({ ...s3, S3_FORCE_PATH_STYLE: 'maybe' })).toBe('Invalid configuration: S3_FORCE_PATH_STYLE must be true or false (got "maybe")');
    expect(error({ S3_BUCKET: 'drabble-images' })).toBe('Invalid configuration: S3_BUCKET is set but STORAGE_DRIVER is not s3 (set STORAGE_DRIVER=s3)');
    // The secret never appears in a message.
    expect(error({ ...s3, S3_BUCKET: 'x' })).not.toContain('secret');
  });

  it('logs email instead of sending it by default, from no-reply at the public host', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: null, from: 'Drabble <no-reply@localhost>' });
    expect(loadConfig({ PUBLIC_URL: 'https://drabble.example:8443/' }).mail.from).toBe('Drabble <no-reply@drabble.example>');
  });

  it('reads the SMTP server and the sender', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://user:p%40ss@mail.example.com:587' }).mail.smtpUrl).toBe('smtp://user:p%40ss@mail.example.com:587');
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example.com' }).mail.smtpUrl).toBe('smtps://mail.example.com');
    for (const from of ['stories@drabble.example', 'Drabble Stories <stories@drabble.example>', '"Drabble, the app" <stories@drabble.example>']) {
      expect(loadConfig({ MAIL_FROM: from }).mail.from).toBe(from);
    }
    expect(loadConfig({ MAIL_FROM: '  Drabble <a@drabble.example> ' }).mail.from).toBe('Drabble <a@drabble.example>');
  });

  it('names a bad SMTP_URL without showing its password', () => {
    expect(error({ SMTP_URL: 'http://mail.example.com' })).toBe(
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587 (got "http://mail.example.com")',
    );
    expect(error({ SMTP_URL: 'https://user:hunter2@mail.example.com:587/x?y=z' })).toBe(
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587 (got "https://***@mail.example.com:587")',
    );
    // Unparseable or host-less values may hold the password anywhere: they are not shown at all.
    for (const bad of ['smtp//user:hunter2@mail.example.com', 'mailto:user:hunter2@mail.example.com', 'smtp://', 'user:hunter2@mail.example.com']) {
      const message = error({ SMTP_URL: bad });
      expect(message).toMatch(/^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
      expect(message).not.toContain('hunter2');
      expect(message).not.toContain('\n');
    }
  });

  it('names a bad MAIL_FROM', () => {
    for (const bad of ['no-reply', 'Drabble <no-reply>', 'Drabble no-reply@drabble.example', 'Drabble, Inc <a@drabble.example>', 'a@drabble.example, b@drabble.example']) {
      expect(error({ MAIL_FROM: bad })).toBe(`Invalid configuration: MAIL_FROM must be an email address or Name <email address> (got "${bad}")`);
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).port).toBe(3000);
  });
});
