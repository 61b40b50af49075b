import { logEvent } from './event-log';

const MAX_MESSAGE_CHARS = 2_000;
const MAX_STACK_CHARS = 8_000;

// The same error can reach more than one boundary (and effects run twice in development).
const reported = new WeakSet<object>();

/** Sends a client error to the server log as error_boundary, with its stack. Best effort. */
export function reportClientError(error: unknown): void {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  void logEvent({
    type: 'error_boundary',
    level: 'error',
    message: (error instanceof Error ? error.message : String(error)).slice(0, MAX_MESSAGE_CHARS),
    stack: (error instanceof Error ? (error.stack ?? '') : '').slice(0, MAX_STACK_CHARS),
  });
}

/**
 * Spec section 8: a failed change goes to the console, and with an event `type` it is also
 * logged under the event type of what failed (the server files level 'error' in systemLogs).
 * Best effort. The message names the failure (`what`, e.g. the failure toast) and the reason,
 * never what was typed.
 */
export function reportFailure(what: string | undefined, error: unknown, type?: string): void {
  console.error(what ?? 'Request failed', error);
  if (!type) return;
  const reason = error instanceof Error ? error.message : String(error);
  void logEvent({ type, level: 'error', message: (what ? `${what}: ${reason}` : reason).slice(0, MAX_MESSAGE_CHARS) });
}
