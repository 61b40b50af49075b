import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupStatusSchema, failedSinceLastSuccess } from '@common/backups/backups';
import type { ServerContext } from '../../context';
import { testDialects } from '../../test/databases';
import { ADMIN_EMAIL, signUp, signUpVerified, startTestServer, startTestServerOn, type TestServer } from '../../test/server';
import { backupMetricsOf, runScheduledBackup } from './schedule';

const HOUR = 3_600_000;

/** A context as an instance with these backup settings has it, logging into `lines`. */
function withBackups(ctx: ServerContext, dir: string, lines: string[] = []): ServerContext {
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) });
  return { ...ctx, logger: pino({ level: 'info' }, sink), config: { ...ctx.config, backups: { dir, intervalHours: 1, keep: 2 } } };
}

describe.each(testDialects())('scheduled backups on %s', (dialect) => {
  let first: TestServer;
  let second: TestServer;
  let dir: string;
  beforeAll(async () => {
    first = await startTestServer(dialect);
    // A second instance on the same database.
    second = await startTestServerOn(first.database, {}, first.database.reopen());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-scheduled-'));
    await signUp(first);
  });
  afterAll(async () => {
    await second.close();
    await second.mail.stop();
    await first.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('one instance takes each backup, on the interval, and the oldest beyond BACKUP_KEEP are deleted', async () => {
    const instances = [withBackups(first.ctx, dir), withBackups(second.ctx, dir)];
    const start = Date.parse('2030-01-01T00:00:00.000Z');
    const taken: string[][] = [];
    for (let slot = 0; slot < 3; slot++) {
      const at = new Date(start + slot * HOUR);
      const outcomes = await Promise.all(instances.map((ctx, i) => runScheduledBackup(ctx, `instance-${i}`, at)));
      // Exactly one takes it. The other lost the claim ('taken-elsewhere') or, when the winner's
      // claim committed before it even looked (a busy machine), found it not due.
      expect(outcomes.filter((o) => o === 'done')).toHaveLength(1);
      expect(['taken-elsewhere', 'not-due']).toContain(outcomes.find((o) => o !== 'done'));
      // Not again until the interval has passed.
      expect(await Promise.all(instances.map((ctx, i) => runScheduledBackup(ctx, `instance-${i}`, new Date(at.getTime() + HOUR / 2))))).toEqual(['not-due', 'not-due']);
      taken.push(fs.readdirSync(dir).sort());
    }
    expect(taken).toEqual([
      ['drabble-backup-20300101-000000.zip'],
      ['drabble-backup-20300101-000000.zip', 'drabble-backup-20300101-010000.zip'],
      ['drabble-backup-20300101-010000.zip', 'drabble-backup-20300101-020000.zip'],
    ]);
    const row = await first.ctx.db.selectFrom('backupSchedule').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ dueAt: '2030-01-01T03:00:00.000Z', lastSuccessFile: 'drabble-backup-20300101-020000.zip', lastFailureAt: null });
  });

  it('a failed backup is logged at error level and shown to admins with its time and reason, beside the last good one', async () => {
    const owner = await signUpVerified(first, { email: ADMIN_EMAIL });
    const writer = await signUp(first);
    const guest = first.client();
    expect((await guest.get('/api/admin/backups')).status).toBe(401);
    const refused = await writer.client.get('/api/admin/backups');
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'forbidden', message: 'Admins only.' } } });

    // BACKUP_DIR under a file: the folder cannot be made.
    const blocked = path.join(dir, 'not-a-folder');
    fs.writeFileSync(blocked, 'in the way');
    const lines: string[] = [];
    const at = new Date(Date.parse('2030-01-01T04:00:00.000Z'));
    expect(await runScheduledBackup(withBackups(first.ctx, path.join(blocked, 'backups'), lines), 'instance-0', at)).toBe('failed');
    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(logged).toEqual([expect.objectContaining({ level: 50, msg: expect.stringMatching(/^scheduled backup failed: .*ENOTDIR/) })]);

    const status = await owner.client.get('/api/admin/backups');
    expect(status.status).toBe(200);
    const parsed = backupStatusSchema.parse(status.body);
    expect(parsed).toMatchObject({
      scheduled: false,
      lastSuccess: { file: 'drabble-backup-20300101-020000.zip' },
      lastFailure: { reason: expect.stringMatching(/ENOTDIR/) },
      nextDueAt: '2030-01-01T05:00:00.000Z',
    });
    expect(Date.parse(parsed.lastFailure!.at)).toBeGreaterThan(Date.parse(parsed.lastSuccess!.at));
    expect(failedSinceLastSuccess(parsed)).toBe(true);
    // /metrics reports the same: the last run failed, after the last good one.
    expect(backupMetricsOf(parsed)).toEqual({ lastRunAt: new Date(parsed.lastFailure!.at), ok: false, lastSuccessAt: new Date(parsed.lastSuccess!.at) });
  });
});

describe('backupMetricsOf', () => {
  const at = (iso: string) => ({ at: iso, file: 'f.zip', bytes: 1, durationMs: 1 });
  const status = { scheduled: true, intervalHours: 24, keep: 7, nextDueAt: null };
  it('reports the newer of the last good and the last failed run, and nothing before the first', () => {
    expect(backupMetricsOf({ ...status, lastSuccess: null, lastFailure: null })).toBeNull();
    const good = '2030-01-02T00:00:00.000Z';
    const bad = '2030-01-01T00:00:00.000Z';
    expect(backupMetricsOf({ ...status, lastSuccess: at(good), lastFailure: { at: bad, reason: 'disk full' } })).toEqual({ lastRunAt: new Date(good), ok: true, lastSuccessAt: new Date(good) });
    expect(backupMetricsOf({ ...status, lastSuccess: null, lastFailure: { at: bad, reason: 'disk full' } })).toEqual({ lastRunAt: new Date(bad), ok: false, lastSuccessAt: null });
  });
});
