import { useEffect, useRef } from 'react';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { liveEventSchemas, type LiveEventPayload, type LiveEventType, type WatchTarget } from '@common/events/live-events';
import { ME_QUERY_KEY, meQueryOptions, setCurrentUserData } from './auth';
import type { MessagePage } from '@common/messages/messages';
import { adminKeys, conversationKeys, featureRequestKeys, feedKeys, greetingKeys, notificationKeys, socialKeys, storyKeys } from './query-keys';
import { typingStarted, typingStopped } from './typing';
import { sessionSwapsSettled } from './session-swap';
import { applyProfileCounts, applyStoryCounts } from './live-counts';
import { eventsUrl, useWatchTarget } from './watch';

const EVENTS_URL = '/api/events';

export type LiveEventHandlers = { [T in LiveEventType]?: (data: LiveEventPayload<T>) => void };

/**
 * Puts a pushed value in the cache. A fetch of the same query that left before the change was
 * written can answer after the event with the value before it, and would overwrite it (the bell
 * went back to no count under load): when one is in flight, the query is fetched again, which
 * drops that answer, and the server's newer one settles it.
 */
function writePushed(queryClient: QueryClient, queryKey: readonly unknown[], write: () => void): void {
  const inFlight = queryClient.isFetching({ queryKey, exact: true }) > 0;
  write();
  if (inFlight) void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'all' });
}

/** What this tab does with each event type from the catalogue (types it ignores are absent). */
export function liveEventHandlers(queryClient: QueryClient, userId: string): LiveEventHandlers {
  return {
    'user.updated': ({ user }) => {
      if (user.uid === userId) writePushed(queryClient, ME_QUERY_KEY, () => setCurrentUserData(queryClient, { user }));
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
      writePushed(queryClient, notificationKeys.unread, () => queryClient.setQueryData(notificationKeys.unread, { unread }));
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    },
    // A report arrived or another admin acted: the queue, open cases and account pages refetch.
    'moderation.changed': () => void queryClient.invalidateQueries({ queryKey: adminKeys.moderation }),
    'greetings.changed': () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.greetings });
      void queryClient.invalidateQueries({ queryKey: greetingKeys.today });
    },
    // The feed's pages stay put (a reader's own unfollow or block refetches them through its mutation); only the pill's count may change.
    // A block hides conversations and notifications across it: their lists and counts refetch too.
    'relationship.changed': () => {
      void queryClient.invalidateQueries({ queryKey: socialKeys.all });
      void queryClient.invalidateQueries({ queryKey: feedKeys.newCount });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
    'follow.created': () => void queryClient.invalidateQueries({ queryKey: socialKeys.all }),
    'follow.requested': () => void queryClient.invalidateQueries({ queryKey: socialKeys.requests }),
    // Only the count: the pages stay as they are, so nothing moves under the reader.
    'feed.published': () => void queryClient.invalidateQueries({ queryKey: feedKeys.newCount }),
    // Watched screens (useWatch): counts are patched in place, never whole lists refetched.
    'story.counts': (counts) => applyStoryCounts(queryClient, counts, userId),
    // A writer's stories joined or left the shelves (a moderator limited or suspended them): the community list refetches.
    'stories.changed': () => void queryClient.invalidateQueries({ queryKey: storyKeys.communityAll }),
    // The open story page's conversation; this tab's own post or delete refetches it too, harmlessly.
    'story.comments': ({ storyId }) => void queryClient.invalidateQueries({ queryKey: storyKeys.comments(storyId) }),
    'profile.counts': (counts) => applyProfileCounts(queryClient, counts),
    // Suspended, deactivated or deleted: every session of the account has ended on the
    // server; this tab signs out as if the person had, keeping nothing of theirs in the cache.
    // Drafts stay in the browser's storage, so no unsaved writing is lost.
    // Turning two-factor on or off swaps this tab's session for a new one (better-auth's plugin):
    // the old one's end is heard here too, often before the swap's answer brings the new cookie, so
    // the tab waits for that answer (session-swap.ts), then asks whether its cookie still signs it in.
    'session.ended': () =>
      void sessionSwapsSettled()
        .then(() => queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 }))
        .catch(() => null)
        .then((me) => {
          if (me) return;
          setCurrentUserData(queryClient, null);
          queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
        }),
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

/**
 * Passes the SSE message to the handler. Development checks it against the catalogue's schema;
 * production trusts its own server's events as it trusts its answers (docs/decisions/0035), so
 * the first load builds no schemas (0049): it only refuses a message that is not a JSON object.
 */
export function handleLiveEvent<T extends LiveEventType>(type: T, handlers: LiveEventHandlers, event: Event): void {
  const handler = handlers[type];
  if (!handler) return;
  const data = parseEventData(event);
  if (import.meta.env.DEV) {
    const parsed = liveEventSchemas[type].safeParse(data);
    if (!parsed.success) {
      console.error(`Ignoring malformed ${type} event`, parsed.error);
      return;
    }
    // zod's output for the schema of T is LiveEventPayload<T>; TypeScript cannot relate the two through the index.
    handler(parsed.data as LiveEventPayload<T>);
    return;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    console.error(`Ignoring malformed ${type} event`);
    return;
  }
  handler(data as LiveEventPayload<T>);
}

/** The event types this tab handles. */
const handledTypes = (handlers: LiveEventHandlers) => (Object.keys(handlers) as LiveEventType[]).filter((type) => handlers[type]);

/** The id an SSE message carried, if any (a bare `id:` line moves it too, but reaches no listener). */
function eventIdOf(event: Event): string | null {
  return event instanceof MessageEvent && typeof event.lastEventId === 'string' && event.lastEventId !== '' ? event.lastEventId : null;
}

/** The wait before reopening a stream the server refused, after `refusals` refusals in a row: 2 s doubling to a minute. */
export function reopenDelay(refusals: number): number {
  return Math.min(2000 * 2 ** refusals, 60_000);
}

export interface StreamPosition {
  userId: string;
  id: string;
}

/**
 * Where a user's next stream resumes (`since`) and the position to keep meanwhile: the last
 * event id seen; for the user's first stream, where the stream stood when GET /api/me answered
 * (`liveFrom`), which then counts as seen. So a stream reopened before it delivered anything
 * (a watch change right after a save: the editor opening the saved story) still resumes there,
 * and the save's events (the bell's badge) are not skipped.
 */
export function resumePoint(last: StreamPosition | null, userId: string, usedLiveFrom: boolean, liveFrom: string | null): { since: string | null; position: StreamPosition | null } {
  if (last?.userId === userId) return { since: last.id, position: last };
  if (!usedLiveFrom && liveFrom !== null) return { since: liveFrom, position: { userId, id: liveFrom } };
  return { since: null, position: null };
}

/**
 * Keeps this tab in step with changes made elsewhere (other tabs, other devices) while
 * signed in, and with the screen it shows (useWatch). EventSource reconnects on its own and
 * resumes with Last-Event-ID; the server replays what was missed, or sends `reset` when it no
 * longer can. When the watched screen changes the stream is reopened with `since` set to the
 * last id received (a new EventSource cannot send that header), so nothing falls between.
 * A tab's first stream resumes from where the stream stood when GET /api/me answered
 * (`liveFrom`): what changed while the page's code and data were loading is replayed.
 */
export function useLiveEvents(userId: string | null): void {
  const queryClient = useQueryClient();
  const target = useWatchTarget();
  // Per signed-in user: another user's position means nothing to this one's stream.
  const lastId = useRef<{ userId: string; id: string } | null>(null);
  // The /api/me position serves the user's first stream only: later ones resume from lastId.
  const resumedFromMe = useRef<string | null>(null);

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return undefined;
    const handlers = liveEventHandlers(queryClient, userId);
    const open = (watch: WatchTarget | null): (() => void) => {
      const resume = resumePoint(lastId.current, userId, resumedFromMe.current === userId, queryClient.getQueryData(ME_QUERY_KEY)?.liveFrom ?? null);
      const since = resume.since;
      lastId.current = resume.position;
      resumedFromMe.current = userId;
      const source = new EventSource(eventsUrl(EVENTS_URL, watch, since));
      const subscriptions = handledTypes(handlers).map((type) => {
        const listener = (event: Event) => {
          const id = eventIdOf(event);
          if (id) lastId.current = { userId, id };
          handleLiveEvent(type, handlers, event);
        };
        source.addEventListener(type, listener);
        return () => source.removeEventListener(type, listener);
      });
      // A watch the server refuses (the story just went private, the writer blocks this
      // viewer) ends the stream for good: carry on with the user's own events. A refusal of
      // the user's own stream is the server briefly unable to serve it (a 503 while its
      // database is out of reach): EventSource gives up on any answer but 200, so open it
      // again later, waiting longer after each refusal.
      const onError = () => {
        if (source.readyState !== EventSource.CLOSED) return;
        close();
        if (watch) {
          close = open(null);
          return;
        }
        const timer = setTimeout(() => (close = open(null)), reopenDelay(refusals++));
        close = () => clearTimeout(timer);
      };
      const onOpen = () => (refusals = 0);
      source.addEventListener('error', onError);
      source.addEventListener('open', onOpen);
      return () => {
        subscriptions.forEach((unsubscribe) => unsubscribe());
        source.removeEventListener('error', onError);
        source.removeEventListener('open', onOpen);
        source.close();
      };
    };
    let refusals = 0;
    let close = open(target);
    // Back online: open the stream at once rather than after EventSource's or our own wait; it resumes from the last id.
    const onOnline = () => {
      close();
      refusals = 0;
      close = open(target);
    };
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      close();
    };
  }, [userId, queryClient, target]);
}
