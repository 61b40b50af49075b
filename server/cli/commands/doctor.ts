import { UsageError, type CliCommand } from '../command';
import { runChecks, type CheckResult } from '../doctor';

const MARK: Record<CheckResult['status'], string> = { ok: '✓', failed: '✗', skipped: '–' };

/** Below this much free space in DATA_DIR the disk check fails, unless --min-free-mb says otherwise. */
const DEFAULT_MIN_FREE_MB = 1024;

export const doctorCommand: CliCommand = {
  name: 'doctor',
  summary: 'check the configuration, database, migrations, disk, S3 storage and SMTP',
  usage: 'doctor [--min-free-mb N]',
  description: [
    'Checks what the install needs, one line each (✓ fine, ✗ failed, – not set or not checked), and exits 1 when',
    'one fails: the configuration, that the database answers, that no migration is pending, the free space in',
    `DATA_DIR (at least ${DEFAULT_MIN_FREE_MB} MiB, or --min-free-mb), with STORAGE_DRIVER=s3 that the bucket answers a`,
    'signed read (endpoint reachable, key pair accepted, bucket there), and when SMTP_URL is set that the mail server',
    'accepts a connection (greeting, EHLO, and login when the URL has a user). Changes nothing; safe while the server runs.',
  ].join('\n'),
  options: { 'min-free-mb': { type: 'string' } },
  run: async ({ values }, io) => {
    const given = values['min-free-mb'];
    const minFreeMb = typeof given === 'string' ? Number(given) : DEFAULT_MIN_FREE_MB;
    if (!Number.isInteger(minFreeMb) || minFreeMb < 0) throw new UsageError(`--min-free-mb must be a whole number of MiB (got "${String(given)}")`);
    const results = await runChecks(io.env, { minFreeBytes: minFreeMb * 1024 ** 2 }, (r) => io.out(`${MARK[r.status]} ${r.name}: ${r.detail}`));
    const failures = results.filter((r) => r.status === 'failed').length;
    if (failures === 0) {
      io.out('Everything checked is fine.');
      return 0;
    }
    io.err(`${failures} ${failures === 1 ? 'check' : 'checks'} failed.`);
    return 1;
  },
};
