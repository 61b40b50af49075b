import path from 'node:path';
import { CommandFailed, type CliCommand } from '../command';
import { commandInfo } from '../usage.js';
import { loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { openDatabase } from '../../server';
import { createStorage } from '../../storage';
import { formatCount, formatSeconds, restoreBackup, RestoreRefused } from '../../ops/backup';

export const restoreCommand: CliCommand = {
  ...commandInfo('restore'),
  run: async ({ positionals: [file], values }, io) => {
    const config = loadConfig({ LOG_LEVEL: 'warn', ...io.env });
    const logger = createLogger(config.logLevel);
    const database = openDatabase(config);
    const from = path.resolve(file!);
    try {
      const result = await restoreBackup(from, { config, database, storage: createStorage(config), logger }, { force: values.force === true });
      const { manifest } = result;
      io.out(
        `Restored ${path.basename(from)} (Drabble ${manifest.appVersion}, schema ${manifest.schemaVersion}, taken ${manifest.createdAt} on ${manifest.engine}) in ${formatSeconds(result.durationMs)}:`,
      );
      const width = Math.max(...result.tables.map((t) => t.name.length), 'files'.length);
      for (const table of result.tables) io.out(`  ${table.name.padEnd(width)}  ${formatCount(table.rows)}`);
      io.out(`  ${'files'.padEnd(width)}  ${formatCount(result.files)}`);
      if (manifest.notCarried.length > 0) io.out(`Not in a backup, on purpose: ${manifest.notCarried.map((t) => t.name).join(', ')}.`);
      for (const warning of result.warnings) io.err(`Warning: ${warning}`);
    } catch (err) {
      if (err instanceof RestoreRefused) throw new CommandFailed(err.message);
      throw err;
    } finally {
      await database.close();
    }
  },
};
