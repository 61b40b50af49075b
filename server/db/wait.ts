import type { Logger } from '../logger';
import { isDatabaseUnavailable } from './unavailable';

/** One line for a failure: Node's AggregateError (every address refused) has only a code. */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  return err.message || (typeof code === 'string' ? code : err.name);
}

/** The first wait after a failed try, doubling up to the longest. */
const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 5000;

export interface WaitOptions {
  /** How long to keep trying (DB_WAIT_SECONDS); 0 tries once. */
  seconds: number;
  logger: Logger;
  /** Tests shorten the waits. */
  firstWaitMs?: number;
}

/**
 * Waits until the database answers, for a server started before it (a container whose
 * database is still booting): each failed try is logged with the next wait, doubling from
 * half a second to five. Gives up with the last error once `seconds` would be passed, and at
 * once on an error that waiting cannot cure (a wrong password, a database that does not exist).
 */
export async function waitForDatabase(ping: () => Promise<unknown>, { seconds, logger, firstWaitMs = FIRST_WAIT_MS }: WaitOptions): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  let wait = firstWaitMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await ping();
      if (attempt > 1) logger.info({ attempt }, 'database reachable');
      return;
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() + wait > deadline) throw err;
      logger.warn(
        { attempt, retryInMs: wait, cause: describeError(err) },
        `database not reachable yet (try ${attempt}); trying again in ${wait} ms, for up to ${seconds} s in all (DB_WAIT_SECONDS)`,
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, LONGEST_WAIT_MS);
    }
  }
}
