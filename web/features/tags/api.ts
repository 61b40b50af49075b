import { queryOptions } from '@tanstack/react-query';
import { tagContracts } from '@common/tags/contract';
import { tagPageSchema, type TagPage } from '@common/tags/tag-pages';
import type { StorySort } from '@common/stories/rules';
import { routePath } from '@common/contracts/define';
import { callRoute } from '../../lib/call-route';
import { isApiError } from '../../lib/api';
import { cursorListQuery } from '../../lib/paged-list';
import { storyKeys } from '../../lib/query-keys';
import { feedKeys } from '../../lib/query-keys';

/** Tag pages live under ['stories'] so a story saved or deleted anywhere refreshes them. */
export const tagKeys = {
  all: [...storyKeys.all, 'tags'] as const,
  info: (key: string) => [...storyKeys.all, 'tags', 'info', key] as const,
  stories: (key: string, sort: StorySort) => [...storyKeys.all, 'tags', 'stories', key, sort] as const,
  suggest: (prefix: string) => [...storyKeys.all, 'tags', 'suggest', prefix] as const,
  followed: [...storyKeys.all, 'tags', 'followed'] as const,
  trending: [...storyKeys.all, 'tags', 'trending'] as const,
};

/** The tag itself (name, count, followed): the first page with one story is the cheapest answer that has it. */
export const tagInfoQuery = (key: string) =>
  queryOptions({
    queryKey: tagKeys.info(key),
    queryFn: ({ signal }) => callRoute(tagContracts.page, { params: { name: key }, query: { limit: 1 }, signal }).then((page: TagPage) => page.tag),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });

/** GET /api/tags/:name: the tag's stories, newest or most liked. */
export const tagStoriesQuery = (key: string, sort: StorySort) =>
  cursorListQuery({
    queryKey: tagKeys.stories(key, sort),
    path: (cursor) => routePath(tagContracts.page, { params: { name: key }, query: { sort, cursor } }),
    schema: import.meta.env.DEV ? tagPageSchema : undefined,
    items: (page: TagPage) => page.stories,
  });

/** Existing tags starting with what is typed, most used first. */
export const tagSuggestQuery = (prefix: string) =>
  queryOptions({
    queryKey: tagKeys.suggest(prefix),
    queryFn: ({ signal }) => callRoute(tagContracts.suggest, { query: { q: prefix }, signal }).then((r) => r.tags),
    enabled: prefix.length > 0,
    staleTime: 30_000,
  });

export const followedTagsQuery = () =>
  queryOptions({ queryKey: tagKeys.followed, queryFn: ({ signal }) => callRoute(tagContracts.followed, { signal }).then((r) => r.tags) });

export const trendingTagsQuery = () =>
  queryOptions({ queryKey: tagKeys.trending, queryFn: ({ signal }) => callRoute(tagContracts.trending, { signal }).then((r) => r.tags) });

/** Follows or stops following; the tag, the followed list and the feed are read afresh. */
export const setTagFollow = (key: string, follow: boolean) =>
  callRoute(follow ? tagContracts.follow : tagContracts.unfollow, { params: { name: key } });

export const keysAfterFollow = (key: string) => [tagKeys.info(key), tagKeys.followed, feedKeys.all];
