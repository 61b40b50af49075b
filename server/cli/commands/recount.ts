import type { CliCommand } from '../command';
import { commandInfo } from '../usage.js';
import { withInstall } from '../install';
import { recount, type KindReport } from '../recount';

function line({ kind, total, drifted }: KindReport): string {
  return `${kind.name} (from ${kind.from}): ${drifted} of ${total} drifted${drifted > 0 ? ', fixed' : ''}`;
}

export const recountCommand: CliCommand = {
  ...commandInfo('recount'),
  run: async (_args, io) =>
    withInstall(io, async (ctx) => {
      const started = performance.now();
      const reports = await recount(ctx, (report) => io.out(line(report)));
      const fixed = reports.reduce((sum, r) => sum + r.drifted, 0);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      io.out(fixed === 0 ? `Nothing had drifted (${seconds} s).` : `Fixed ${fixed} ${fixed === 1 ? 'row' : 'rows'} (${seconds} s).`);
    }),
};
