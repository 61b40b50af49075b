import type { ClientLogEvent } from '@common/client-log';

const LOGS_URL = '/api/logs';

/**
 * Records one event in the server's event log (POST /api/logs; the server adds the user,
 * time and redaction). Best effort: it never throws and nobody waits for it — a failed
 * write reaches the console only (spec section 8).
 */
export async function logEvent(event: ClientLogEvent): Promise<void> {
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
