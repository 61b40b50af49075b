import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { describeError } from './db/wait';
import { startServer } from './server';

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
  logger.info(`Drabble is running at ${config.publicUrl} (${server.ctx.dialect})`);

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
