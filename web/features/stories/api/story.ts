import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { commentContracts } from '@common/comments/contract';
import { routePath } from '@common/contracts/define';
import { reactionContracts } from '@common/reactions/contract';
import { commentPageSchema, type Story } from '@common/stories/story';
import { type ReactionKind } from '@common/stories/rules';
import { useToast } from '../../../components/toasts/toast-context';
import { callRoute } from '../../../lib/call-route';
import { useApiMutation } from '../../../lib/mutation';
import { cursorListQuery } from '../../../lib/paged-list';
import { storyKeys } from '../../../lib/query-keys';

/** The conversation under a story, oldest first, a page at a time. */
export const commentsQuery = (storyId: string) =>
  cursorListQuery({
    queryKey: storyKeys.comments(storyId),
    path: (cursor) => routePath(commentContracts.list, { params: { id: storyId }, query: { cursor } }),
    schema: import.meta.env.DEV ? commentPageSchema : undefined,
    items: (page) => page.comments,
  });

/** The story's page shows the server's new comment count; the comments are fetched again. */
function commentCountChanged(queryClient: QueryClient, storyId: string, commentsCount: number): void {
  queryClient.setQueryData<Story>(storyKeys.detail(storyId), (story) => (story ? { ...story, commentsCount } : story));
  void queryClient.invalidateQueries({ queryKey: storyKeys.comments(storyId) });
}

/** Posting a comment: a refusal shows beside the box (no toast). */
export const usePostComment = (storyId: string) =>
  useApiMutation({
    request: (body: { text: string }) => callRoute(commentContracts.post, { params: { id: storyId }, body }),
    failure: false,
    onSuccess: ({ commentsCount }, _body, queryClient) => commentCountChanged(queryClient, storyId, commentsCount),
  });

export const useDeleteComment = (storyId: string) =>
  useApiMutation({
    request: (commentId: string) => callRoute(commentContracts.remove, { params: { id: storyId, commentId } }),
    success: 'Comment deleted.',
    failure: 'Failed to delete comment.',
    onSuccess: ({ commentsCount }, _commentId, queryClient) => commentCountChanged(queryClient, storyId, commentsCount),
  });

/** The story's writer lets a reply from another server that was held for them be seen. */
export const useApproveComment = (storyId: string) =>
  useApiMutation({
    request: (commentId: string) => callRoute(commentContracts.approve, { params: { id: storyId, commentId } }),
    success: 'Reply approved.',
    failure: 'Failed to approve the reply.',
    onSuccess: ({ commentsCount }, _commentId, queryClient) => commentCountChanged(queryClient, storyId, commentsCount),
  });

/**
 * Toggles one of the reader's reactions. The count moves at once and settles on the server's
 * figures when it answers; a failure puts it back and says so.
 */
export function useToggleReaction(storyId: string) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const key = storyKeys.detail(storyId);
  return useMutation({
    mutationFn: ({ kind, add }: { kind: ReactionKind; add: boolean }) =>
      callRoute(add ? reactionContracts.add : reactionContracts.remove, { params: { id: storyId, kind } }),
    onMutate: async ({ kind, add }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Story>(key);
      if (before) {
        const mine = add ? [...before.reactions.mine, kind] : before.reactions.mine.filter((k) => k !== kind);
        const counts = { ...before.reactions.counts, [kind]: Math.max(0, before.reactions.counts[kind] + (add ? 1 : -1)) };
        queryClient.setQueryData<Story>(key, { ...before, likesCount: before.likesCount + (add ? 1 : -1), reactions: { counts, mine } });
      }
      return { before };
    },
    onSuccess: ({ reactions, likesCount }) => {
      const current = queryClient.getQueryData<Story>(key);
      if (current) queryClient.setQueryData<Story>(key, { ...current, reactions, likesCount });
    },
    onError: (error, _vars, context) => {
      console.error('Could not save the reaction', error);
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast('Could not save your reaction. Please try again.', 'error');
    },
  });
}
