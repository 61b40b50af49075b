import { queryOptions } from '@tanstack/react-query';
import type { conversationContracts } from '@common/contracts/conversations';
import { apiFetch } from './api';
import { conversationKeys, notificationKeys } from './query-keys';

/*
 * The two unread counts the top bar shows on every signed-in page (the Messages link and the
 * bell), kept here rather than behind the messages and notifications features' entries so the
 * first load carries neither feature. Their schemas are checked in development only and
 * imported only there, which keeps zod off the first load (lib/api.ts).
 */

type UnreadCountRoute = typeof conversationContracts.unreadCount;

/** Conversations with unread messages. Live events (conversation.changed) refetch it. */
export const unreadCountQuery = queryOptions({
  queryKey: conversationKeys.unread,
  queryFn: async ({ signal }) => {
    const schema = import.meta.env.DEV ? (await import('@common/contracts/conversations')).conversationContracts.unreadCount.response : undefined;
    // The contract's path, checked by type only: importing the contract would bring zod in.
    const path: UnreadCountRoute['path'] = '/api/conversations/unread-count';
    return (await apiFetch(path, { schema, signal })).unread;
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
