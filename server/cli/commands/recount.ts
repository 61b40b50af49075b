import type { CliCommand } from '../command';
import { withInstall } from '../install';
import { recount, type KindReport } from '../recount';

function line({ kind, total, drifted }: KindReport): string {
  return `${kind.name} (from ${kind.from}): ${drifted} of ${total} drifted${drifted > 0 ? ', fixed' : ''}`;
}

export const recountCommand: CliCommand = {
  name: 'recount',
  summary: 'recompute every stored count from its rows and report what drifted',
  usage: 'recount',
  description: [
    "Recomputes every value kept beside the rows it is derived from: stories' likes, comments and views, writers'",
    "follower and following counts, moderation cases' report counts, feature requests' answered flag, conversations'",
    'last-message preview, and streaks (replayed from writing days; one that lapsed since the writer was last seen',
    'counts as drifted). Prints one line per kind with how many rows drifted, and fixes them. Safe while the server',
    'is running: each fix is its own short transaction with the row locked, and open tabs see the corrected value.',
  ].join('\n'),
  run: async (_args, io) =>
    withInstall(io, async (ctx) => {
      const started = performance.now();
      const reports = await recount(ctx, (report) => io.out(line(report)));
      const fixed = reports.reduce((sum, r) => sum + r.drifted, 0);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      io.out(fixed === 0 ? `Nothing had drifted (${seconds} s).` : `Fixed ${fixed} ${fixed === 1 ? 'row' : 'rows'} (${seconds} s).`);
    }),
};
