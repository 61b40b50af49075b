import path from 'node:path';
import { CommandFailed, type CliCommand } from '../command';
import { loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { openDatabase } from '../../server';
import { createStorage } from '../../storage';
import { formatCount, formatSeconds, restoreBackup, RestoreRefused } from '../../ops/backup';

export const restoreCommand: CliCommand = {
  name: 'restore',
  summary: 'restore a backup into the database and storage the environment names',
  usage: 'restore FILE [--force]',
  description: [
    'Restores a file written by "npx drabble backup", from SQLite or PostgreSQL, into the database',
    'DATABASE_URL names (or DATA_DIR\'s SQLite file) and the configured storage. Every checksum is',
    'checked before anything is written; an older backup is brought up to this version\'s schema; the',
    'database is loaded in one transaction, so a failed restore changes nothing. Stop the server first.',
    'A database that already holds accounts is refused unless --force, which replaces everything in it.',
  ].join('\n'),
  options: { force: { type: 'boolean' } },
  positionals: [1, 1],
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
