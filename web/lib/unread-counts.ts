import { queryOptions } from '@tanstack/react-query';
import type { conversationContracts } from '@common/messages/contract';
import type { notificationContracts } from '@common/notifications/contract';
import { apiFetch } from './api';
import { conversationKeys, notificationKeys } from './query-keys';

/*
 * The two unread counts the top bar shows on every signed-in page (the Messages link and the
 * bell), kept here rather than behind the messages and notifications features' entries so the
 * first load carries neither feature. Their schemas are checked in development only and
 * imported only there, which keeps zod off the first load (lib/api.ts).
 */

type UnreadCountRoute = typeof conversationContracts.unreadCount;
type UnreadNotificationsRoute = typeof notificationContracts.unreadCount;

/** Conversations with unread messages. Live events (conversation.changed) refetch it. */
export const unreadCountQuery = queryOptions({
  queryKey: conversationKeys.unread,
  queryFn: async ({ signal }) => {
    const schema = import.meta.env.DEV ? (await import('@common/messages/contract')).conversationContracts.unreadCount.response : undefined;
    // The contract's path, checked by type only: importing the contract would bring zod in.
    const path: UnreadCountRoute['path'] = '/api/conversations/unread-count';
    return (await apiFetch(path, { schema, signal })).unread;
  },
});

/** Unread notifications; `bell.changed` writes it in every open tab (lib/live-events.ts). */
export const unreadNotificationsQuery = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: async ({ signal }) => {
    const schema = import.meta.env.DEV ? (await import('@common/notifications/contract')).notificationContracts.unreadCount.response : undefined;
    // The contract's path, checked by type only, as above.
    const path: UnreadNotificationsRoute['path'] = '/api/notifications/unread-count';
    return apiFetch(path, { schema, signal });
  },
});
