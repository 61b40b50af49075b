import type { ServerContext } from '../context';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { createContext, openDatabase } from '../server';
import type { CliIo } from './command';

/**
 * The install the environment names, opened for one command as the server opens it: the
 * configuration checked (a bad variable is one line, as at start-up), the database migrated,
 * and the context every feature's services take. Closed again when `work` settles. The log
 * stays quiet below warnings unless LOG_LEVEL asks for more, so a command's own report is
 * what a person reads.
 */
export async function withInstall<T>(io: CliIo, work: (ctx: ServerContext) => Promise<T>): Promise<T> {
  const config = loadConfig({ LOG_LEVEL: 'warn', ...io.env });
  const logger = createLogger(config.logLevel);
  const database = openDatabase(config);
  let ctx: ServerContext | null = null;
  try {
    ctx = await createContext(config, database, logger);
    return await work(ctx);
  } finally {
    await ctx?.bus.close();
    await ctx?.emails.close();
    await ctx?.mailer.close();
    await database.close();
  }
}

/** How the audit logs name what a command did: no person acted, the host's command line did. */
export const COMMAND_LINE_SOURCE = 'cli';
