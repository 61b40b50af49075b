import type { ClientLogEvent } from '@common/logs/client-log';
import type { logContracts } from '@common/logs/contract';
import { GUEST_LOG_TYPE } from '@common/logs/guest-events';

/**
 * The contract's path, checked by type only: importing the contract would bring zod onto the
 * first load, and callRoute cannot send a keepalive request.
 */
const LOGS_URL: (typeof logContracts)['record']['path'] = '/api/logs';

let signedIn = false;

/** Told by the session (lib/auth.ts) whether someone is signed in. */
export function setEventLogSignedIn(value: boolean): void {
  signedIn = value;
}

/**
 * Records one event in the server's event log (POST /api/logs; the server adds the user,
 * time and redaction). Best effort: it never throws and nobody waits for it — a failed
 * write reaches the console only (spec section 8). A signed-out visitor records only
 * crashes (GUEST_LOG_TYPE): the server refuses their other events, so they are not sent.
 */
export async function logEvent(event: ClientLogEvent): Promise<void> {
  if (!signedIn && event.type !== GUEST_LOG_TYPE) return;
  try {
    const response = await fetch(LOGS_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(event),
      credentials: 'same-origin',
      // Lets the request finish when the page is being left or reloaded.
      keepalive: true,
    });
    if (!response.ok) console.error(`Could not record the ${event.type} event (HTTP ${response.status})`);
  } catch (failure) {
    console.error(`Could not record the ${event.type} event`, failure);
  }
}
