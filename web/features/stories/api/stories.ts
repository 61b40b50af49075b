import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  storyPageSchema,
  storyResponseSchema,
  storyRowsResponseSchema,
  STORY_PAGE_SIZE,
  type StoryPage,
  type VisibilityFilter,
} from '@common/story';
import { apiFetch } from '../../../lib/api';
import { storyKeys, type CommunityParams } from './keys';

function withParams(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export const storyQuery = (id: string) =>
  queryOptions({
    queryKey: storyKeys.detail(id),
    queryFn: ({ signal }) => apiFetch(`/api/stories/${encodeURIComponent(id)}`, { schema: storyResponseSchema, signal }).then((r) => r.story),
  });

/** A cursor-paged list: pages of stories, each naming the cursor of the next. */
function pagedStories(queryKey: readonly unknown[], path: (cursor: string | undefined) => string) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }): Promise<StoryPage> => apiFetch(path(pageParam), { schema: storyPageSchema, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export const communityQuery = (params: CommunityParams, limit = STORY_PAGE_SIZE) =>
  pagedStories([...storyKeys.community(params), limit], (cursor) =>
    withParams('/api/stories/community', { q: params.q.trim(), genre: params.genre, sort: params.sort, cursor, limit }),
  );

export const myStoriesQuery = (visibility: VisibilityFilter, limit = STORY_PAGE_SIZE) =>
  pagedStories([...storyKeys.mine(visibility), limit], (cursor) => withParams('/api/stories/mine', { visibility, cursor, limit }));

export const favoritesQuery = () => pagedStories(storyKeys.favorites, (cursor) => withParams('/api/favorites', { cursor }));

export const storyRowsQuery = () =>
  queryOptions({
    queryKey: storyKeys.rows,
    queryFn: ({ signal }) => apiFetch('/api/stories/mine/rows', { schema: storyRowsResponseSchema, signal }).then((r) => r.rows),
  });
