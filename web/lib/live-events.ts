import { useEffect } from 'react';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { LIVE_EVENT_TYPES, liveEventSchemas, type LiveEventPayload, type LiveEventType } from '@common/live-events';
import { setCurrentUserData } from './auth';
import type { MessagePage } from '@common/conversations';
import { adminKeys, conversationKeys, featureRequestKeys, feedKeys, greetingKeys, notificationKeys, socialKeys } from './query-keys';
import { typingStarted, typingStopped } from './typing';

const EVENTS_URL = '/api/events';

export type LiveEventHandlers = { [T in LiveEventType]?: (data: LiveEventPayload<T>) => void };

/** What this tab does with each event type from the catalogue (types it ignores are absent). */
export function liveEventHandlers(queryClient: QueryClient, userId: string): LiveEventHandlers {
  return {
    'user.updated': ({ user }) => {
      if (user.uid === userId) setCurrentUserData(queryClient, { user });
    },
    'notification.created': () => void queryClient.invalidateQueries({ queryKey: adminKeys.notifications }),
    'notifications.changed': () => void queryClient.invalidateQueries({ queryKey: adminKeys.notifications }),
    'featureRequest.changed': () => void queryClient.invalidateQueries({ queryKey: featureRequestKeys.all }),
    'conversation.changed': () => void queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
    // The open thread shows it at once; the refetch that `conversation.changed` brings settles the rest.
    'message.created': ({ conversationId, message }) => {
      typingStopped(conversationId, message.from);
      // The thread's cache is its pages, newest first (web/features/messages/api.ts threadQuery).
      queryClient.setQueryData<InfiniteData<MessagePage>>(conversationKeys.detail(conversationId), (data) => {
        const [newest, ...older] = data?.pages ?? [];
        if (!data || !newest || data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
        return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
      });
    },
    'conversation.typing': ({ conversationId, uid }) => {
      if (uid !== userId) typingStarted(conversationId, uid);
    },
    'bell.changed': ({ unread }) => {
      queryClient.setQueryData(notificationKeys.unread, { unread });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    },
    'greetings.changed': () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.greetings });
      void queryClient.invalidateQueries({ queryKey: greetingKeys.today });
    },
    // The feed's pages stay put (a reader's own unfollow or block refetches them through its mutation); only the pill's count may change.
    'relationship.changed': () => {
      void queryClient.invalidateQueries({ queryKey: socialKeys.all });
      void queryClient.invalidateQueries({ queryKey: feedKeys.newCount });
    },
    'follow.created': () => void queryClient.invalidateQueries({ queryKey: socialKeys.all }),
    'follow.requested': () => void queryClient.invalidateQueries({ queryKey: socialKeys.requests }),
    // Only the count: the pages stay as they are, so nothing moves under the reader.
    'feed.published': () => void queryClient.invalidateQueries({ queryKey: feedKeys.newCount }),
    // The server no longer has everything this tab missed: refetch what it shows.
    reset: () => void queryClient.invalidateQueries(),
  };
}

function parseEventData(event: Event): unknown {
  if (!(event instanceof MessageEvent) || typeof event.data !== 'string') return undefined;
  try {
    return JSON.parse(event.data) as unknown;
  } catch {
    return undefined;
  }
}

/** Checks the SSE message against the catalogue's schema and passes it to the handler. */
export function handleLiveEvent<T extends LiveEventType>(type: T, handlers: LiveEventHandlers, event: Event): void {
  const handler = handlers[type];
  if (!handler) return;
  const parsed = liveEventSchemas[type].safeParse(parseEventData(event));
  if (!parsed.success) {
    console.error(`Ignoring malformed ${type} event`, parsed.error);
    return;
  }
  // zod's output for the schema of T is LiveEventPayload<T>; TypeScript cannot relate the two through the index.
  handler(parsed.data as LiveEventPayload<T>);
}

/**
 * Keeps this tab in step with changes made elsewhere (other tabs, other devices) while
 * signed in. EventSource reconnects on its own and resumes with Last-Event-ID; the server
 * replays what was missed, or sends `reset` when it no longer can.
 */
export function useLiveEvents(userId: string | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(EVENTS_URL);
    const handlers = liveEventHandlers(queryClient, userId);
    const subscriptions = LIVE_EVENT_TYPES.filter((type) => handlers[type]).map((type) => {
      const listener = (event: Event) => handleLiveEvent(type, handlers, event);
      source.addEventListener(type, listener);
      return () => source.removeEventListener(type, listener);
    });
    return () => {
      subscriptions.forEach((unsubscribe) => unsubscribe());
      source.close();
    };
  }, [userId, queryClient]);
}
