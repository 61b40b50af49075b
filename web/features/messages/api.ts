import { queryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { z } from 'zod';
import { conversationContracts as routes, directMessageContracts } from '@common/messages/contract';
import { routePath } from '@common/contracts/define';
import { userContracts } from '@common/profile/contract';
import { conversationSummarySchema, type MessageInput, type MessagingSettings, type StartConversationInput } from '@common/messages/messages';
import { type ConversationFolder } from '@common/messages/rules';
import { callRoute } from '../../lib/call-route';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { cursorListQuery } from '../../lib/paged-list';
import { unreadCountQuery } from '../../lib/unread-counts';
import { conversationKeys, featureRequestKeys, profileKeys } from '../../lib/query-keys';

/** How many inbox conversations have something the viewer has not read: the Messages nav badge. */
export { unreadCountQuery };

/** One folder of the viewer's conversations (the inbox, or message requests), newest activity first. */
export const conversationsQuery = (folder: ConversationFolder = 'inbox') =>
  cursorListQuery({
    queryKey: conversationKeys.folder(folder),
    path: (cursor) => routePath(routes.list, { query: { folder: folder === 'inbox' ? undefined : folder, cursor } }),
    // Checked in development only (docs/decisions/0035); production builds' contracts carry no schemas (0048).
    schema: import.meta.env.DEV ? routes.list.response : undefined,
    items: (page) => page.conversations,
  });

/**
 * GET /:id answers with the conversation and its newest page; older pages carry messages only.
 * Built in development only: production builds' contracts carry no schemas (docs/decisions/0048).
 */
const threadPageSchema = import.meta.env.DEV ? routes.messages.response.extend({ conversation: conversationSummarySchema.optional() }) : undefined;
type ThreadPage = z.infer<NonNullable<typeof threadPageSchema>>;

/**
 * A conversation's thread: its newest messages first, then older pages as the reader asks.
 * Each page is oldest first, so the pages are shown in reverse to read top to bottom.
 */
export const threadQuery = (id: string) => {
  const pages = cursorListQuery({
    queryKey: conversationKeys.detail(id),
    path: (cursor) => (cursor === undefined ? routePath(routes.read, { params: { id } }) : routePath(routes.messages, { params: { id }, query: { cursor } })),
    schema: threadPageSchema,
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
    queryFn: ({ signal }) => callRoute(directMessageContracts.canMessage, { params: { uid }, signal }),
    // The answer depends on settings that change elsewhere: ask again every time the composer opens.
    staleTime: 0,
  });

/** Who a new conversation is with (name and avatar above the composer): the profile's own query. */
export const recipientQuery = (uid: string) =>
  queryOptions({
    queryKey: profileKeys.user(uid),
    queryFn: ({ signal }) => callRoute(userContracts.profile, { params: { uid }, signal }),
  });

/** The thread and lists change after any write: refetch everything conversation-shaped. */
const refreshConversations = (queryClient: Parameters<typeof invalidateAll>[0]) => invalidateAll(queryClient, [conversationKeys.all]);

export const useSendMessage = (id: string) =>
  useApiMutation({
    request: (body: MessageInput) => callRoute(routes.send, { params: { id }, body }),
    // The thread marks a failed message "Not sent — Retry" itself.
    failure: false,
    // A reply to a feature request also shows in its responses ("My suggestions", the admin list).
    onSuccess: (_answer, _body, queryClient) => invalidateAll(queryClient, [conversationKeys.all, featureRequestKeys.all]),
  });

/** POST /api/conversations: the first message to a writer (appends to our conversation when there is one). */
export const useStartConversation = () =>
  useApiMutation({
    request: (body: StartConversationInput) => callRoute(routes.start, { body }),
    failure: false,
    onSuccess: (_answer, _body, queryClient) => refreshConversations(queryClient),
  });

export const useEditMessage = (id: string) =>
  useApiMutation({
    request: ({ messageId, text }: { messageId: string; text: string }) => callRoute(routes.edit, { params: { id, messageId }, body: { text } }),
    failure: false,
    onSuccess: (_answer, _vars, queryClient) => refreshConversations(queryClient),
  });

export const useDeleteMessage = (id: string) =>
  useApiMutation({
    request: ({ messageId, scope }: { messageId: string; scope: 'everyone' | 'me' }) => callRoute(routes.deleteMessage, { params: { id, messageId }, query: { for: scope } }),
    onSuccess: (_answer, _vars, queryClient) => refreshConversations(queryClient),
  });

export const useAcceptRequest = (id: string) =>
  useApiMutation({
    request: () => callRoute(routes.accept, { params: { id } }),
    onSuccess: (_answer, _vars, queryClient) => refreshConversations(queryClient),
  });

export const useDeclineRequest = (id: string) =>
  useApiMutation({
    request: () => callRoute(routes.decline, { params: { id } }),
    success: 'Message request declined.',
    onSuccess: (_answer, _vars, queryClient) => refreshConversations(queryClient),
  });

/** "…is typing" for the others: fire and forget, a lost signal only shortens what they see. */
export function signalTyping(id: string): void {
  callRoute(routes.typing, { params: { id } }).catch(() => undefined);
}

export const useMarkConversationRead = (id: string) =>
  useApiMutation({
    request: () => callRoute(routes.markRead, { params: { id } }),
    failure: false,
    onSuccess: async ({ unread }, _vars, queryClient) => {
      queryClient.setQueryData(unreadCountQuery.queryKey, unread);
      await queryClient.invalidateQueries({ queryKey: conversationKeys.list });
    },
  });

/** Who can message me, read receipts and the typing indicator (/settings, Messages). */
export const messagingSettingsQuery = queryOptions({
  queryKey: conversationKeys.settings,
  queryFn: ({ signal }) => callRoute(directMessageContracts.settings, { signal }),
});

export const useSaveMessagingSettings = () =>
  useApiMutation({
    request: (changes: Partial<MessagingSettings>) => callRoute(directMessageContracts.updateSettings, { body: changes }),
    success: 'Message settings saved.',
    onSuccess: async (settings, _vars, queryClient) => {
      queryClient.setQueryData(conversationKeys.settings, settings);
      // The typing indicator and receipts show per conversation.
      await queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    },
  });
