import { queryOptions } from '@tanstack/react-query';
import { routePath } from '@common/contracts/define';
import { favoriteContracts } from '@common/favorites/contract';
import { storyContracts } from '@common/stories/contract';
import { storyPageSchema } from '@common/stories/story';
import { STORY_PAGE_SIZE, type VisibilityFilter } from '@common/stories/rules';
import { callRoute } from '../../../lib/call-route';
import { cursorListQuery } from '../../../lib/paged-list';
import { storyKeys, type CommunityParams } from '../../../lib/query-keys';

export const storyQuery = (id: string) =>
  queryOptions({
    queryKey: storyKeys.detail(id),
    queryFn: ({ signal }) => callRoute(storyContracts.read, { params: { id }, signal }).then((r) => r.story),
  });

/** A cursor-paged list of story summaries. */
export function storyListQuery(queryKey: readonly unknown[], path: (cursor: string | undefined) => string) {
  return cursorListQuery({ queryKey, path, schema: import.meta.env.DEV ? storyPageSchema : undefined, items: (page) => page.stories });
}

export const communityQuery = (params: CommunityParams, limit = STORY_PAGE_SIZE) =>
  storyListQuery([...storyKeys.community(params), limit], (cursor) =>
    routePath(storyContracts.community, { query: { q: params.q.trim(), genre: params.genre, sort: params.sort, perfect: params.perfect ? 'true' : undefined, cursor, limit } }),
  );

export const myStoriesQuery = (visibility: VisibilityFilter, limit = STORY_PAGE_SIZE) =>
  storyListQuery([...storyKeys.mine(visibility), limit], (cursor) => routePath(storyContracts.mine, { query: { visibility, cursor, limit } }));

export const favoritesQuery = () => storyListQuery(storyKeys.favorites, (cursor) => routePath(favoriteContracts.list, { query: { cursor } }));

export const storyRowsQuery = () =>
  queryOptions({
    queryKey: storyKeys.rows,
    queryFn: ({ signal }) => callRoute(storyContracts.rows, { signal }).then((r) => r.rows),
  });
