import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api';
import { conversationKeys, notificationKeys } from './query-keys';

/*
 * The two unread counts the top bar shows on every signed-in page (the Messages link and the
 * bell), kept here rather than behind the messages and notifications features' entries so the
 * first load carries neither feature. Their schemas are checked in development only and
 * imported only there, which keeps zod off the first load (lib/api.ts).
 */

/** Conversations with unread messages. Live events (conversation.changed) refetch it. */
export const unreadCountQuery = queryOptions({
  queryKey: conversationKeys.unread,
  queryFn: async ({ signal }) => {
    const schema = import.meta.env.DEV ? (await import('@common/conversations')).unreadCountResponseSchema : undefined;
    return (await apiFetch('/api/conversations/unread-count', { schema, signal })).unread;
  },
});

/** Unread notifications; `bell.changed` writes it in every open tab (lib/live-events.ts). */
export const unreadNotificationsQuery = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: async ({ signal }) => {
    const schema = import.meta.env.DEV ? (await import('@common/notifications')).notificationUnreadSchema : undefined;
    return apiFetch('/api/notifications/unread-count', { schema, signal });
  },
});
