import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  notificationActorPageSchema,
  notificationListResponseSchema,
  notificationPrefsSchema,
  notificationUnreadSchema,
  unsubscribeResponseSchema,
  type NotificationPrefs,
  type NotificationPrefsUpdate,
  type NotificationUnread,
} from '@common/notifications';
import { apiFetch } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { cursorListQuery, withSearchParams } from '../../lib/paged-list';
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
  path: (cursor) => withSearchParams('/api/notifications', { cursor }),
  schema: import.meta.env.DEV ? notificationListResponseSchema : undefined,
  items: (page) => page.notifications,
});

/** A group's full list of people, in the order they joined. */
export const notificationActorsQuery = (id: string) =>
  cursorListQuery({
    queryKey: notificationKeys.actors(id),
    path: (cursor) => withSearchParams(`/api/notifications/${encodeURIComponent(id)}/actors`, { cursor }),
    schema: import.meta.env.DEV ? notificationActorPageSchema : undefined,
    items: (page) => page.actors,
  });

export const notificationPrefsQuery = queryOptions({
  queryKey: notificationKeys.prefs,
  queryFn: ({ signal }) => apiFetch('/api/me/notification-prefs', { schema: import.meta.env.DEV ? notificationPrefsSchema : undefined, signal }),
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
    (id: string) => apiFetch(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST', schema: import.meta.env.DEV ? notificationUnreadSchema : undefined }),
    applyUnread,
  );

export const useMarkAllNotificationsRead = () =>
  useNotificationMutation(() => apiFetch('/api/notifications/read-all', { method: 'POST', schema: import.meta.env.DEV ? notificationUnreadSchema : undefined }), applyUnread);

export const PREFS_SAVED = 'Notification settings saved';

export const useSaveNotificationPrefs = () =>
  useNotificationMutation(
    (body: NotificationPrefsUpdate) => apiFetch('/api/me/notification-prefs', { method: 'PATCH', body, schema: import.meta.env.DEV ? notificationPrefsSchema : undefined }),
    (saved: NotificationPrefs, queryClient) => queryClient.setQueryData(notificationKeys.prefs, saved),
    PREFS_SAVED,
  );

/** The emailed one-click link: no sign-in; the screen shows the outcome (and any failure) itself. */
export const useUnsubscribe = () =>
  useApiMutation({
    request: (token: string) => apiFetch('/api/notifications/unsubscribe', { method: 'POST', body: { token }, schema: import.meta.env.DEV ? unsubscribeResponseSchema : undefined }),
    failure: false,
    reportAs: 'notifications_unsubscribe',
  });
