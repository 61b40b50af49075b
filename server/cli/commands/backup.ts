import path from 'node:path';
import { CommandFailed, type CliCommand } from '../command';
import { commandInfo } from '../usage.js';
import { withInstall } from '../install';
import { ArchiveError, backupSourceOf, createBackup, defaultBackupName, formatBytes, formatCount, formatSeconds } from '../../ops/backup';

export const backupCommand: CliCommand = {
  ...commandInfo('backup'),
  run: async ({ values }, io) =>
    withInstall(io, async (ctx) => {
      const file = path.resolve(typeof values.out === 'string' ? values.out : defaultBackupName(new Date()));
      try {
        const { bytes, durationMs, manifest } = await createBackup(backupSourceOf(ctx), file);
        const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
        io.out(
          `Wrote ${file} (${formatBytes(bytes)}) in ${formatSeconds(durationMs)}: ${manifest.tables.length} tables, ${formatCount(rows)} rows, ` +
            `${formatCount(manifest.files.length)} file${manifest.files.length === 1 ? '' : 's'} (Drabble ${manifest.appVersion}, schema ${manifest.schemaVersion}).`,
        );
      } catch (err) {
        if (err instanceof ArchiveError) throw new CommandFailed(`could not write ${file}: ${err.message}`);
        throw err;
      }
    }),
};
