import type { ClientLogEvent } from '@common/client-log';

export type ProfileEventType =
  | 'profile_icon_updated'
  | 'profile_about_updated'
  | 'profile_pronouns_updated'
  | 'profile_details_updated'
  | 'profile_image_uploaded'
  | 'profile_image_removed'
  | 'profile_daily_goal_updated'
  | 'profile_stats_loaded';

/**
 * Spec section 8: every profile failure also logs an error event, under the event type of
 * what failed (the server files level 'error' in systemLogs). Best effort: a failed log
 * write only reaches the console. The message names the failure, never what was typed.
 */
export function reportProfileFailure(type: ProfileEventType, what: string, error: unknown): void {
  console.error(what, error);
  const reason = error instanceof Error ? error.message : String(error);
  const event: ClientLogEvent = { type, level: 'error', message: `${what}: ${reason}`.slice(0, 2000) };
  fetch('/api/logs', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(event),
    credentials: 'same-origin',
    keepalive: true,
  }).catch((failure: unknown) => console.error('Could not log the failure', failure));
}
