import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../lib/live-events';
import { useToast } from '../components/toasts/toast-context';
import { hasQueuedSaves } from '../lib/save-queue';
import { onceASession } from '../lib/once-a-session';
import { loadQueuedSaves } from '../features/stories';

/** How often saves made offline are tried again while the browser thinks it is online but the server did not answer. */
const RETRY_QUEUED_MS = 30_000;

/** Sends the saves made offline (features/stories/editor/sync-queue.ts) when the connection returns; its code loads only when there are some. */
function useQueuedSaves(userId: string): void {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  useEffect(() => {
    const send = () => {
      if (!navigator.onLine || !hasQueuedSaves(userId)) return;
      void loadQueuedSaves().then((m) => m.sendQueuedSaves(userId, queryClient, toast));
    };
    send();
    const timer = window.setInterval(send, RETRY_QUEUED_MS);
    window.addEventListener('online', send);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', send);
    };
  }, [userId, queryClient, toast]);
}

/** Set once this tab has read the writer's own stories for reading offline (and finished). */
const KEPT_FOR_OFFLINE = 'drabble.keptForOffline';

/** Once a session, with a service worker in control: the writer's own newest stories go into its cache, so they open offline. */
function useOwnStoriesOffline(userId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const keep = () => {
      if (!navigator.onLine) return;
      let storage: Storage;
      try {
        storage = sessionStorage;
      } catch {
        return; // Some private modes refuse session storage: nothing is kept for offline.
      }
      onceASession(storage, KEPT_FOR_OFFLINE, userId, () =>
        import('../features/stories').then((m) => m.keepMyStoriesForOffline(queryClient)),
      );
    };
    const workers = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    if (!workers) return undefined;
    // On a first visit the worker takes the page a moment after it has loaded.
    if (workers.controller) keep();
    else workers.addEventListener('controllerchange', keep, { once: true });
    return () => workers.removeEventListener('controllerchange', keep);
  }, [userId, queryClient]);
}

/** The signed-in user's live stream (lib/live-events.ts) and the sending of saves made offline, as a component so AppLayout can load it after the first paint. */
export function LiveEvents({ userId }: { userId: string }) {
  useLiveEvents(userId);
  useQueuedSaves(userId);
  useOwnStoriesOffline(userId);
  return null;
}
