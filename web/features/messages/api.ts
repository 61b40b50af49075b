import { queryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  conversationListResponseSchema,
  conversationSummarySchema,
  messagePageSchema,
  messageResponseSchema,
  unreadCountResponseSchema,
  type MessageInput,
} from '@common/conversations';
import { apiFetch } from '../../lib/api';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { cursorListQuery, withSearchParams } from '../../lib/paged-list';
import { conversationKeys, featureRequestKeys } from '../../lib/query-keys';

const conversationPath = (id: string, rest = '') => `/api/conversations/${encodeURIComponent(id)}${rest}`;

/** How many conversations have something the viewer has not read: the Messages nav badge. */
export const unreadCountQuery = queryOptions({
  queryKey: conversationKeys.unread,
  queryFn: ({ signal }) => apiFetch('/api/conversations/unread-count', { schema: unreadCountResponseSchema, signal }).then((r) => r.unread),
});

/** The viewer's conversations, newest activity first. */
export const conversationsQuery = () =>
  cursorListQuery({
    queryKey: conversationKeys.list,
    path: (cursor) => withSearchParams('/api/conversations', { cursor }),
    schema: conversationListResponseSchema,
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
    schema: threadPageSchema,
    items: (page) => page.messages,
  });
  return { ...pages, select: (data: InfiniteData<ThreadPage, string | undefined>) => [...data.pages].reverse().flatMap((page) => page.messages) };
};

/** The conversation itself (title, members, unread, permissions), from the thread's newest page. */
export function useConversation(id: string) {
  return useInfiniteQuery({ ...threadQuery(id), select: (data) => data.pages[0]?.conversation });
}

export const useSendMessage = (id: string) =>
  useApiMutation({
    request: (body: MessageInput) => apiFetch(conversationPath(id, '/messages'), { method: 'POST', body, schema: messageResponseSchema }),
    // The reply box says what went wrong beside what was typed.
    failure: false,
    // A reply to a feature request also shows in its responses ("My suggestions", the admin list).
    onSuccess: (_answer, _body, queryClient) => invalidateAll(queryClient, [conversationKeys.all, featureRequestKeys.all]),
  });

export const useMarkConversationRead = (id: string) =>
  useApiMutation({
    request: () => apiFetch(conversationPath(id, '/read'), { method: 'POST', schema: unreadCountResponseSchema }),
    failure: false,
    onSuccess: async ({ unread }, _vars, queryClient) => {
      queryClient.setQueryData(unreadCountQuery.queryKey, unread);
      await queryClient.invalidateQueries({ queryKey: conversationKeys.list });
    },
  });
