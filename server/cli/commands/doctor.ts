import { UsageError, type CliCommand } from '../command';
import { commandInfo, DEFAULT_MIN_FREE_MB } from '../usage.js';
import { runChecks, type CheckResult } from '../doctor';

const MARK: Record<CheckResult['status'], string> = { ok: '✓', failed: '✗', skipped: '–' };

export const doctorCommand: CliCommand = {
  ...commandInfo('doctor'),
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
