import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { favoriteContracts } from '@common/favorites/contract';
import { storyContracts } from '@common/stories/contract';
import type { Story } from '@common/stories/story';
import { callRoute } from '../../../lib/call-route';
import { ME_QUERY_KEY, setCurrentUserData } from '../../../lib/auth';
import { useApiMutation } from '../../../lib/mutation';
import { storyKeys } from '../../../lib/query-keys';

/** Spec section 4 and 8: the toasts for a visibility change. */
export const VISIBILITY_TOASTS = {
  public: 'Story is now public!',
  private: 'Story is now private!',
  failed: 'Failed to update story.',
} as const;

/** After a write: the story's own page gets the new record; every list refetches. */
export function storyChanged(queryClient: QueryClient, story: Story | null, id: string): Promise<void> {
  if (story) queryClient.setQueryData(storyKeys.detail(id), story);
  else queryClient.removeQueries({ queryKey: storyKeys.detail(id) });
  return queryClient.invalidateQueries({ queryKey: storyKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' || q.queryKey[2] !== id });
}

export const useSetVisibility = () =>
  useApiMutation({
    request: ({ id, makePublic }: { id: string; makePublic: boolean }) =>
      callRoute(storyContracts.setVisibility, { params: { id }, body: { public: makePublic } }),
    success: (_answer, { makePublic }) => (makePublic ? VISIBILITY_TOASTS.public : VISIBILITY_TOASTS.private),
    failure: VISIBILITY_TOASTS.failed,
    onSuccess: ({ story }, { id }, queryClient) => storyChanged(queryClient, story, id),
  });

export const useDeleteStory = () =>
  useApiMutation({
    request: (id: string) => callRoute(storyContracts.remove, { params: { id } }),
    success: 'Story deleted.',
    failure: 'Failed to delete story.',
    onSuccess: (_answer, id, queryClient) => storyChanged(queryClient, null, id),
  });

function setCachedFavorites(queryClient: QueryClient, update: (favorites: string[]) => string[]): void {
  const me = queryClient.getQueryData(ME_QUERY_KEY);
  if (me) setCurrentUserData(queryClient, { user: { ...me.user, favorites: update(me.user.favorites) } });
}

/**
 * Favourite toggle: the heart changes at once; the server's answer then becomes the list.
 * Failures go to the console only (spec section 8) and the heart goes back.
 */
export function useToggleFavorite(): (storyId: string, favorite: boolean) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (storyId, favorite) => {
      setCachedFavorites(queryClient, (list) => (favorite ? [storyId, ...list.filter((id) => id !== storyId)] : list.filter((id) => id !== storyId)));
      try {
        const { favorites } = await callRoute(favorite ? favoriteContracts.add : favoriteContracts.remove, { params: { id: storyId } });
        setCachedFavorites(queryClient, () => favorites);
        await queryClient.invalidateQueries({ queryKey: storyKeys.favorites });
      } catch (error) {
        console.error('Could not update favorites', error);
        setCachedFavorites(queryClient, (list) => (favorite ? list.filter((id) => id !== storyId) : [storyId, ...list]));
      }
    },
    [queryClient],
  );
}
