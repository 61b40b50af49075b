import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveEventSchemas } from '@common/live-events';
import { setCurrentUserData } from './auth';

const EVENTS_URL = '/api/events';

function parseEventData(event: Event): unknown {
  if (!(event instanceof MessageEvent) || typeof event.data !== 'string') return undefined;
  try {
    return JSON.parse(event.data) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Keeps this tab in step with changes made elsewhere (other tabs, other devices) while
 * signed in. EventSource reconnects on its own and resumes with Last-Event-ID.
 */
export function useLiveEvents(userId: string | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(EVENTS_URL);

    const onUserUpdated = (event: Event) => {
      const parsed = liveEventSchemas['user.updated'].safeParse(parseEventData(event));
      if (!parsed.success) {
        console.error('Ignoring malformed user.updated event', parsed.error);
        return;
      }
      if (parsed.data.user.uid !== userId) return;
      setCurrentUserData(queryClient, { user: parsed.data.user });
    };

    source.addEventListener('user.updated', onUserUpdated);
    return () => {
      source.removeEventListener('user.updated', onUserUpdated);
      source.close();
    };
  }, [userId, queryClient]);
}
