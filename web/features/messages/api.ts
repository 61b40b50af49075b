import { queryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  canMessageResponseSchema,
  conversationListResponseSchema,
  conversationSummaryResponseSchema,
  conversationSummarySchema,
  messagePageSchema,
  messageResponseSchema,
  messagingSettingsSchema,
  startConversationResponseSchema,
  unreadCountResponseSchema,
  type ConversationFolder,
  type MessageInput,
  type MessagingSettings,
  type StartConversationInput,
} from '@common/conversations';
import { publicProfileResponseSchema } from '@common/profile';
import { apiFetch } from '../../lib/api';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { cursorListQuery, withSearchParams } from '../../lib/paged-list';
import { unreadCountQuery } from '../../lib/unread-counts';
import { conversationKeys, featureRequestKeys, profileKeys } from '../../lib/query-keys';

const conversationPath = (id: string, rest = '') => `/api/conversations/${encodeURIComponent(id)}${rest}`;
const messagePath = (id: string, messageId: string) => conversationPath(id, `/messages/${encodeURIComponent(messageId)}`);

/** How many inbox conversations have something the viewer has not read: the Messages nav badge. */
export { unreadCountQuery };

/** One folder of the viewer's conversations (the inbox, or message requests), newest activity first. */
export const conversationsQuery = (folder: ConversationFolder = 'inbox') =>
  cursorListQuery({
    queryKey: conversationKeys.folder(folder),
    path: (cursor) => withSearchParams('/api/conversations', { folder: folder === 'inbox' ? undefined : folder, cursor }),
    schema: import.meta.env.DEV ? conversationListResponseSchema : undefined,
    items: (page) => page.conversations,
  });

/** GET /:id answers with the conversation and its newest page; older pages carry messages only. */
const threadPageSchema = messagePageSchema.extend({ conversation: conversationSummarySchema.optional() });
type ThreadPage = z.infer<typeof threadPageSchema>;

/**
 * A conversation's thread: its newest messages first, then older pages as the reader asks.
 * Each page is oldest first, so the pages are shown in reverse to read top to bottom.
 */
export const threadQuery = (id: string) => {
  const pages = cursorListQuery({
    queryKey: conversationKeys.detail(id),
    path: (cursor) => (cursor === undefined ? conversationPath(id) : withSearchParams(conversationPath(id, '/messages'), { cursor })),
    schema: import.meta.env.DEV ? threadPageSchema : undefined,
    items: (page) => page.messages,
  });
  return { ...pages, select: (data: InfiniteData<ThreadPage, string | undefined>) => [...data.pages].reverse().flatMap((page) => page.messages) };
};

/** The conversation itself (title, members, unread, state, permissions), from the thread's newest page. */
export function useConversation(id: string) {
  return useInfiniteQuery({ ...threadQuery(id), select: (data) => data.pages[0]?.conversation });
}

/** Asked before the composer opens for a writer: whether, why not, and our existing conversation. */
export const canMessageQuery = (uid: string) =>
  queryOptions({
    queryKey: conversationKeys.canMessage(uid),
    queryFn: ({ signal }) => apiFetch(`/api/users/${encodeURIComponent(uid)}/can-message`, { schema: import.meta.env.DEV ? canMessageResponseSchema : undefined, signal }),
    // The answer depends on settings that change elsewhere: ask again every time the composer opens.
    staleTime: 0,
  });

/** Who a new conversation is with (name and avatar above the composer): the profile's own query. */
export const recipientQuery = (uid: string) =>
  queryOptions({
    queryKey: profileKeys.user(uid),
    queryFn: ({ signal }) => apiFetch(`/api/users/${encodeURIComponent(uid)}`, { schema: import.meta.env.DEV ? publicProfileResponseSchema : undefined, signal }),
  });

/** The thread and lists change after any write: refetch everything conversation-shaped. */
const refreshConversations = (queryClient: Parameters<typeof invalidateAll>[0]) => invalidateAll(queryClient, [conversationKeys.all]);

export const useSendMessage = (id: string) =>
  useApiMutation({
    request: (body: MessageInput) => apiFetch(conversationPath(id, '/messages'), { method: 'POST', body, schema: import.meta.env.DEV ? messageResponseSchema : undefined }),
    // The thread marks a failed message "Not sent — Retry" itself.
    failure: false,
    // A reply to a feature request also shows in its responses ("My suggestions", the admin list).
    onSuccess: (_answer, _body, queryClient) => invalidateAll(queryClient, [conversationKeys.all, featureRequestKeys.all]),
  });

/** POST /api/conversations: the first message to a writer (appends to our conversation when there is one). */
export const useStartConversation = () =>
  useApiMutation({
    request: (body: StartConversationInput) => apiFetch('/api/conversations', { method: 'POST', body, schema: import.meta.env.DEV ? startConversationResponseSchema : undefined }),
    failure: false,
    onSuccess: (_answer, _body, queryClient) => refreshConversations(queryClient),
  });

export const useEditMessage = (id: string) =>
  useApiMutation({
    request: ({ messageId, text }: { messageId: string; text: string }) =>
      apiFetch(messagePath(id, messageId), { method: 'PATCH', body: { text }, schema: import.meta.env.DEV ? messageResponseSchema : undefined }),
    failure: false,
    onSuccess: (_answer, _vars, queryClient) => refreshConversations(queryClient),
  });

export const useDeleteMessage = (id: string) =>
  useApiMutation({
    request: ({ messageId, scope }: { messageId: string; scope: 'everyone' | 'me' }) =>
      apiFetch(withSearchParams(messagePath(id, messageId), { for: scope }), { method: 'DELETE', schema: import.meta.env.DEV ? messageResponseSchema : undefined }),
    onSuccess: (_answer, _vars, queryClient) => refreshConversations(queryClient),
  });

export const useAcceptRequest = (id: string) =>
  useApiMutation({
    request: () => apiFetch(conversationPath(id, '/accept'), { method: 'POST', schema: import.meta.env.DEV ? conversationSummaryResponseSchema : undefined }),
    onSuccess: (_answer, _vars, queryClient) => refreshConversations(queryClient),
  });

export const useDeclineRequest = (id: string) =>
  useApiMutation({
    request: () => apiFetch(conversationPath(id, '/decline'), { method: 'POST' }),
    success: 'Message request declined.',
    onSuccess: (_answer, _vars, queryClient) => refreshConversations(queryClient),
  });

/** "…is typing" for the others: fire and forget, a lost signal only shortens what they see. */
export function signalTyping(id: string): void {
  apiFetch(conversationPath(id, '/typing'), { method: 'POST' }).catch(() => undefined);
}

export const useMarkConversationRead = (id: string) =>
  useApiMutation({
    request: () => apiFetch(conversationPath(id, '/read'), { method: 'POST', schema: import.meta.env.DEV ? unreadCountResponseSchema : undefined }),
    failure: false,
    onSuccess: async ({ unread }, _vars, queryClient) => {
      queryClient.setQueryData(unreadCountQuery.queryKey, unread);
      await queryClient.invalidateQueries({ queryKey: conversationKeys.list });
    },
  });

/** Who can message me, read receipts and the typing indicator (/settings, Messages). */
export const messagingSettingsQuery = queryOptions({
  queryKey: conversationKeys.settings,
  queryFn: ({ signal }) => apiFetch('/api/me/messaging-settings', { schema: import.meta.env.DEV ? messagingSettingsSchema : undefined, signal }),
});

export const useSaveMessagingSettings = () =>
  useApiMutation({
    request: (changes: Partial<MessagingSettings>) => apiFetch('/api/me/messaging-settings', { method: 'PATCH', body: changes, schema: import.meta.env.DEV ? messagingSettingsSchema : undefined }),
    success: 'Message settings saved.',
    onSuccess: async (settings, _vars, queryClient) => {
      queryClient.setQueryData(conversationKeys.settings, settings);
      // The typing indicator and receipts show per conversation.
      await queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    },
  });
