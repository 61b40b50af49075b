import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { routePath } from '@common/contracts/define';
import { notificationContracts, notificationPrefsContracts } from '@common/notifications/contract';
import type { NotificationPrefs, NotificationPrefsUpdate, NotificationUnread } from '@common/notifications/notifications';
import { callRoute } from '../../lib/call-route';
import { useApiMutation } from '../../lib/mutation';
import { cursorListQuery } from '../../lib/paged-list';
import { notificationKeys } from '../../lib/query-keys';

/**
 * The bell's unread count, from lib (the top bar shows it on every page). Its data is
 * `{ unread }`: the shape the live `bell.changed` handler (web/lib/live-events.ts) writes into
 * the same key, so other tabs follow without a refetch.
 */
export { unreadNotificationsQuery } from '../../lib/unread-counts';

/** The list, latest activity first, a page at a time. Refetched on every `bell.changed`. */
export const notificationListQuery = cursorListQuery({
  queryKey: notificationKeys.list,
  path: (cursor) => routePath(notificationContracts.list, { query: { cursor } }),
  schema: import.meta.env.DEV ? notificationContracts.list.response : undefined,
  items: (page) => page.notifications,
});

/** A group's full list of people, in the order they joined. */
export const notificationActorsQuery = (id: string) =>
  cursorListQuery({
    queryKey: notificationKeys.actors(id),
    path: (cursor) => routePath(notificationContracts.actors, { params: { id }, query: { cursor } }),
    schema: import.meta.env.DEV ? notificationContracts.actors.response : undefined,
    items: (page) => page.actors,
  });

export const notificationPrefsQuery = queryOptions({
  queryKey: notificationKeys.prefs,
  queryFn: ({ signal }) => callRoute(notificationPrefsContracts.read, { signal }),
});

/** Read marks answer with the new unread count: the badge takes it at once, the list's styling follows. */
async function applyUnread(result: NotificationUnread, queryClient: QueryClient) {
  queryClient.setQueryData(notificationKeys.unread, { unread: result.unread });
  await queryClient.invalidateQueries({ queryKey: notificationKeys.list });
}

/**
 * The one factory behind every notification change: no success toast unless given (the badge
 * and the row show the outcome), the server's message on failure.
 */
function useNotificationMutation<V, R>(request: (vars: V) => Promise<R>, onSuccess: (result: R, queryClient: QueryClient) => unknown, success?: string) {
  return useApiMutation({ request, success, reportAs: 'notifications', onSuccess: (result, _vars, queryClient) => onSuccess(result, queryClient) });
}

export const useMarkNotificationRead = () =>
  useNotificationMutation(
    (id: string) => callRoute(notificationContracts.read, { params: { id } }),
    applyUnread,
  );

export const useMarkAllNotificationsRead = () =>
  useNotificationMutation(() => callRoute(notificationContracts.readAll, {}), applyUnread);

export const PREFS_SAVED = 'Notification settings saved';

export const useSaveNotificationPrefs = () =>
  useNotificationMutation(
    (body: NotificationPrefsUpdate) => callRoute(notificationPrefsContracts.update, { body }),
    (saved: NotificationPrefs, queryClient) => queryClient.setQueryData(notificationKeys.prefs, saved),
    PREFS_SAVED,
  );

/** The emailed one-click link: no sign-in; the screen shows the outcome (and any failure) itself. */
export const useUnsubscribe = () =>
  useApiMutation({
    request: (token: string) => callRoute(notificationContracts.unsubscribe, { query: { token } }),
    failure: false,
    reportAs: 'notifications_unsubscribe',
  });
