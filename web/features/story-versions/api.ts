import { queryOptions } from '@tanstack/react-query';
import { routePath } from '@common/contracts/define';
import { storyVersionContracts } from '@common/story-versions/contract';
import type { Progress } from '@common/streaks/streak';
import { callRoute } from '../../lib/call-route';
import { useApiMutation } from '../../lib/mutation';
import { cursorListQuery } from '../../lib/paged-list';
import { progressKeys } from '../../lib/query-keys';
import { browserTimeZone, storyChanged } from '../stories';

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
