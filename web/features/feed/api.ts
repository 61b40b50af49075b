import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { feedContracts } from '@common/feed/contract';
import type { FeedPage, FeedStory } from '@common/follows/follows';
import { callRoute } from '../../lib/call-route';
import { feedKeys } from '../../lib/query-keys';

/**
 * /feed's pages. They change only when the reader asks (the "new stories" pill, a reload):
 * no refetch on focus or reconnect, so nothing moves under the reader. Leaving /feed drops
 * them, so coming back starts from the newest.
 */
const feedPages = () =>
  infiniteQueryOptions({
    queryKey: feedKeys.pages,
    queryFn: ({ pageParam, signal }) => callRoute(feedContracts.page, { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: FeedPage) => last.nextCursor ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** The stories loaded so far, for usePagedList. */
export const feedQuery = () => ({ ...feedPages(), select: (data: InfiniteData<FeedPage, string | undefined>): FeedStory[] => data.pages.flatMap((p) => p.stories) });

/** The first page's facts: where the reader left off, and the cursor to count newer stories from. */
export const feedHeadQuery = () => ({
  ...feedPages(),
  select: (data: InfiniteData<FeedPage, string | undefined>) => ({ marker: data.pages[0]?.marker ?? null, newestCursor: data.pages[0]?.newestCursor ?? null }),
});

/** How many stories are newer than the newest shown; the `feed.published` live event refetches it. */
export const newCountQuery = (after: string | null) =>
  queryOptions({
    queryKey: [...feedKeys.newCount, after],
    queryFn: ({ signal }) => callRoute(feedContracts.newCount, { query: { after: after ?? undefined }, signal }).then((r) => r.count),
    staleTime: 0,
  });

/** Tells the server the reader has seen this story (the marker only ever moves forward). */
export const markSeen = (storyId: string) => callRoute(feedContracts.marker, { body: { storyId } });
