import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { commentContracts } from '@common/contracts/comments';
import { routePath } from '@common/contracts/define';
import { reactionContracts } from '@common/contracts/reactions';
import { commentPageSchema, type Story } from '@common/story';
import { type ReactionKind } from '@common/story-rules';
import { storyVersionContracts } from '@common/contracts/story-versions';
import type { Progress } from '@common/streak';
import { useToast } from '../../components/toasts/toast-context';
import { callRoute } from '../../lib/call-route';
import { useApiMutation } from '../../lib/mutation';
import { cursorListQuery } from '../../lib/paged-list';
import { progressKeys, storyKeys } from '../../lib/query-keys';
import { browserTimeZone, storyChanged } from '../stories';

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

/** Under ['stories'], so every story write (storyChanged) refreshes them too. */
export const versionKeys = {
  list: (storyId: string) => ['stories', 'versions', storyId] as const,
  one: (storyId: string, versionId: string) => ['stories', 'versions', storyId, versionId] as const,
};

/** The owner's earlier texts of a story, newest first, a page at a time. */
export const versionsQuery = (storyId: string) =>
  cursorListQuery({
    queryKey: versionKeys.list(storyId),
    path: (cursor) => routePath(storyVersionContracts.list, { params: { id: storyId }, query: { cursor } }),
    // Checked in development only (docs/decisions/0035); production builds' contracts carry no schemas (0048).
    schema: import.meta.env.DEV ? storyVersionContracts.list.response : undefined,
    items: (page) => page.versions,
  });

/** One version with its whole text. */
export const versionQuery = (storyId: string, versionId: string) =>
  queryOptions({
    queryKey: versionKeys.one(storyId, versionId),
    queryFn: ({ signal }) => callRoute(storyVersionContracts.read, { params: { id: storyId, versionId }, signal }).then((r) => r.version),
  });

/** Makes a version the story's text again (a save: the current text becomes a version). */
export const useRestoreVersion = (storyId: string) =>
  useApiMutation({
    request: (versionId: string) => callRoute(storyVersionContracts.restore, { params: { id: storyId, versionId }, body: { timezone: browserTimeZone() } }),
    success: 'Version restored.',
    failure: 'Could not restore this version. Please try again.',
    onSuccess: async ({ story, progress }, _versionId, queryClient) => {
      queryClient.setQueryData<Progress>(progressKeys.mine, progress);
      await storyChanged(queryClient, story, story.id);
    },
  });
