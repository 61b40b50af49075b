import { configureSync, type LogLevel, type LogRecord } from '@logtape/logtape';
import type { Logger } from '../../logger';

/** Fedify logs through LogTape; ours is pino. */
const TO_PINO: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = {
  trace: 'trace',
  debug: 'debug',
  info: 'info',
  warning: 'warn',
  error: 'error',
  fatal: 'fatal',
};
const FROM_PINO: Record<string, LogLevel | null> = { trace: 'trace', debug: 'debug', info: 'info', warn: 'warning', error: 'error', fatal: 'fatal', silent: null };

let target: Logger | null = null;

/** A LogTape record as one line: its message with the values put in. */
function render(record: LogRecord): string {
  return record.message.map((part, i) => (i % 2 === 0 ? String(part) : typeof part === 'string' ? part : JSON.stringify(part))).join('');
}

/**
 * Sends what Fedify logs (signature failures, deliveries given up, bad activities) to the
 * server's log at the server's level. LogTape is configured once per process; the latest
 * server's logger receives (several servers in one process are tests, whose logs are silent).
 */
export function sendFedifyLogsTo(logger: Logger): void {
  const first = target === null;
  target = logger;
  if (!first) return;
  const lowestLevel = FROM_PINO[logger.level] ?? 'fatal';
  configureSync({
    reset: true,
    sinks: {
      server: (record: LogRecord) => target?.[TO_PINO[record.level]]({ category: record.category.join('.'), ...record.properties }, render(record)),
    },
    loggers: [
      { category: ['fedify'], sinks: ['server'], lowestLevel },
      { category: ['logtape', 'meta'], sinks: [], lowestLevel: 'fatal' },
    ],
  });
}
