import path from 'node:path';
import { CommandFailed, type CliCommand } from '../command';
import { withInstall } from '../install';
import { ArchiveError, backupSourceOf, createBackup, defaultBackupName, formatBytes, formatCount, formatSeconds } from '../../ops/backup';

export const backupCommand: CliCommand = {
  name: 'backup',
  summary: 'write a backup of the whole install to one file',
  usage: 'backup [--out FILE]',
  description: [
    'Writes every table (better-auth\'s too), the uploaded files and the auth secret to one zip file that',
    'either database can restore, with a manifest of versions, row counts and checksums. The server may',
    'keep running: the backup reads one consistent snapshot. Without --out the file is',
    'drabble-backup-<yyyymmdd-hhmmss>.zip (UTC) in the current folder. It holds password hashes and',
    'the auth secret: keep it as safe as the database.',
  ].join('\n'),
  options: { out: { type: 'string', short: 'o' } },
  positionals: [0, 0],
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
