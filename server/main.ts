import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { describeError } from './db/wait';
import { startServer } from './server';
import { startupSummary } from './startup-summary';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const server = await startServer({ config, logger });
  // Twice: as a structured log line on standard output (log collectors read JSON there), and
  // as a few plain lines on standard error for the person who started it, whatever LOG_LEVEL says.
  const summary = startupSummary(config);
  logger.info({ ...summary.fields, dialect: server.ctx.dialect }, summary.lines[0]);
  for (const warning of summary.warnings) logger.warn(warning);
  process.stderr.write(`${summary.lines.join('\n')}\n`);

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.drainNoticeSeconds * 1000 + 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error('Drabble could not start:', describeError(err));
  process.exit(1);
});
