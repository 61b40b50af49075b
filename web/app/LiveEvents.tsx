import { useLiveEvents } from '../lib/live-events';

/** The signed-in user's live stream (lib/live-events.ts), as a component so AppLayout can load it after the first paint. */
export function LiveEvents({ userId }: { userId: string }) {
  useLiveEvents(userId);
  return null;
}
