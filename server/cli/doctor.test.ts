import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from '../test/databases';
import { startS3Server } from '../test/s3';
import { useTestServer } from '../test/api-fixture';
import { freePort } from '../test/server';
import { migrationProvider } from '../db/migrations';
import { drabble } from '../test/cli';

const lines = (out: string) => out.split('\n');

describe.each(testDialects())('doctor on %s', (dialect) => {
  let known: number;
  const api = useTestServer(dialect);
  beforeAll(async () => {
    known = Object.keys(await migrationProvider.getMigrations()).length;
  });

  const dataDir = () => path.resolve(api.server.env.DATA_DIR!);

  it('passes every check of a healthy install, its SMTP server answering', async () => {
    const run = await drabble(['doctor'], api.server.env);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const [configuration, database, migrations, disk, storage, smtp, verdict, ...rest] = lines(run.out);
    const smtpAddress = new URL(api.server.mail.url).host;
    expect(configuration).toBe(
      `✓ configuration: ${dialect === 'postgres' ? `PostgreSQL at ${new URL(api.server.env.DATABASE_URL!).host}${new URL(api.server.env.DATABASE_URL!).pathname}` : 'SQLite'}, uploads on local disk, SMTP ${smtpAddress}, DATA_DIR ${dataDir()}, public URL http://localhost:3000`,
    );
    expect(database).toMatch(dialect === 'postgres' ? /^✓ database: PostgreSQL 1\d\.\d+ .*answers$/ : new RegExp(`^✓ database: SQLite at ${dataDir()}/drabble\\.sqlite opens$`));
    expect(migrations).toBe(`✓ migrations: all ${known} applied`);
    expect(disk).toMatch(new RegExp(`^✓ disk: \\d+(\\.\\d)? (GiB|MiB) free in ${dataDir()}$`));
    expect(storage).toBe('– storage: uploads on local disk in DATA_DIR (see disk)');
    expect(smtp).toBe(`✓ SMTP: ${smtpAddress} accepts connections`);
    expect(verdict).toBe('Everything checked is fine.');
    expect(rest).toEqual([]);
  });

  it('fails on an SMTP server that cannot be reached, and says so in its line', async () => {
    const port = await freePort();
    const run = await drabble(['doctor'], { ...api.server.env, SMTP_URL: `smtp://mailer:secret@127.0.0.1:${port}` });
    expect(run.code).toBe(1);
    expect(lines(run.out).filter((l) => l.startsWith('✗'))).toEqual([`✗ SMTP: 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`]);
    expect(run.out).not.toContain('secret');
    expect(run.err).toBe('1 check failed.');
  });

  it('marks SMTP as not set without failing, and fails the disk check below --min-free-mb', async () => {
    const { SMTP_URL: _unused, ...withoutSmtp } = api.server.env;
    const run = await drabble(['doctor', '--min-free-mb', String(1024 * 1024 * 1024)], withoutSmtp);
    expect(run.code).toBe(1);
    expect(lines(run.out)).toContain('– SMTP: SMTP_URL not set: emails are written to the server log instead');
    expect(lines(run.out).filter((l) => l.startsWith('✗'))).toEqual([expect.stringMatching(new RegExp(`^✗ disk: only .* free in ${dataDir()} \\(want at least 1048576\\.0 GiB\\)$`))]);
    expect(await drabble(['doctor', '--min-free-mb', 'lots'], api.server.env)).toEqual({
      code: 2,
      out: '',
      err: 'drabble doctor: --min-free-mb must be a whole number of MiB (got "lots")',
    });
  });

  it('finds a database that was never set up, changing nothing', async () => {
    if (dialect === 'sqlite') {
      // Not even the file: the doctor does not create it.
      const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-doctor-'));
      try {
        const run = await drabble(['doctor'], { ...api.server.env, DATA_DIR: empty });
        expect(run.code).toBe(1);
        expect(lines(run.out)).toContain(`✗ database: no SQLite database at ${empty}/drabble.sqlite (the server creates it when it first starts)`);
        expect(lines(run.out)).toContain('– migrations: not checked (no database)');
        expect(fs.readdirSync(empty)).toEqual([]);
      } finally {
        fs.rmSync(empty, { recursive: true, force: true });
      }
    }
    // A database that exists but is empty (an SQLite file, a PostgreSQL schema).
    const fresh = await createTestDatabase(dialect);
    try {
      const run = await drabble(['doctor'], { ...api.server.env, ...fresh.env });
      expect(run.code).toBe(1);
      expect(lines(run.out)).toContain(`✗ migrations: none of ${known} applied: this database is new (the server sets it up when it first starts)`);
      expect(await fresh.handle.db.introspection.getTables({ withInternalKyselyTables: true })).toEqual([]);
    } finally {
      await fresh.handle.close();
      await fresh.drop();
    }
  });

  it('fails on a bad configuration and checks nothing else', async () => {
    const run = await drabble(['doctor'], { ...api.server.env, SESSION_CACHE_MS: 'soon' });
    expect(run.code).toBe(1);
    expect(lines(run.out)).toEqual([
      '✗ configuration: Invalid configuration: SESSION_CACHE_MS must be a number of milliseconds (got "soon")',
      '– database: not checked (the configuration is invalid)',
      '– migrations: not checked (the configuration is invalid)',
      '– disk: not checked (the configuration is invalid)',
      '– storage: not checked (the configuration is invalid)',
      '– SMTP: not checked (the configuration is invalid)',
    ]);
  });

  // Last: it leaves the install's migration record one short.
  it('names the migrations still pending', async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(api.server.ctx.db);
    const last = rows[0]!;
    await sql`delete from kysely_migration where name = ${last.name}`.execute(api.server.ctx.db);
    const run = await drabble(['doctor'], api.server.env);
    expect(run.code).toBe(1);
    expect(lines(run.out)).toContain(`✗ migrations: 1 of ${known} pending (${last.name}): the server applies them when it starts, so restart it`);
  });
});

describe('doctor without a database server', () => {
  it('fails on a PostgreSQL that cannot be reached, without printing its password', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-doctor-'));
    try {
      const run = await drabble(['doctor'], { DATA_DIR: dataDir, DATABASE_URL: `postgres://drabble:hunter2@127.0.0.1:${port}/drabble` });
      expect(run.code).toBe(1);
      expect(lines(run.out)).toEqual([
        `✓ configuration: PostgreSQL at 127.0.0.1:${port}/drabble, uploads on local disk, no SMTP, DATA_DIR ${dataDir}, public URL http://localhost:3000`,
        `✗ database: PostgreSQL at 127.0.0.1:${port}/drabble cannot be reached: connect ECONNREFUSED 127.0.0.1:${port}`,
        '– migrations: not checked (no database)',
        expect.stringMatching(/^✓ disk: /),
        '– storage: uploads on local disk in DATA_DIR (see disk)',
        '– SMTP: SMTP_URL not set: emails are written to the server log instead',
      ]);
      expect(run.out).not.toContain('hunter2');
      expect(run.err).toBe('1 check failed.');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('doctor with uploads in S3', () => {
  it('reads from the bucket, and fails on a wrong secret, a missing bucket or an endpoint that does not answer', async () => {
    const s3 = await startS3Server({ bucket: 'drabble-doctor' });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-doctor-'));
    try {
      const storageLine = async (env: Record<string, string>) => {
        const run = await drabble(['doctor'], { DATA_DIR: dataDir, ...s3.env, ...env });
        return lines(run.out).find((l) => l.includes(' storage: '));
      };
      const where = (bucket: string) => `S3 bucket ${bucket} at 127.0.0.1:${s3.port}`;
      expect(await storageLine({})).toBe(`✓ storage: ${where('drabble-doctor')} answers a signed read (writing not tried)`);
      expect(await s3.keys()).toEqual([]);
      expect(await storageLine({ S3_SECRET_ACCESS_KEY: 'not-the-secret' })).toMatch(new RegExp(`^✗ storage: ${where('drabble-doctor')}: S3 GET drabble-doctor/probe answered 403 SignatureDoesNotMatch: `));
      expect(await storageLine({ S3_BUCKET: 'elsewhere' })).toMatch(new RegExp(`^✗ storage: ${where('elsewhere')}: S3 GET drabble-doctor/probe answered 404 NoSuchBucket: `));
      const port = await freePort();
      expect(await storageLine({ S3_ENDPOINT: `http://127.0.0.1:${port}` })).toMatch(new RegExp(`^✗ storage: S3 bucket drabble-doctor at 127\\.0\\.0\\.1:${port}: S3 GET drabble-doctor/probe failed: `));
    } finally {
      await s3.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
