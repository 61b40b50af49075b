import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { feedMarkerResponseSchema, feedNewCountSchema, feedPageSchema, type FeedPage, type FeedStory } from '@common/social';
import { apiFetch } from '../../lib/api';
import { withSearchParams } from '../../lib/paged-list';
import { feedKeys } from '../../lib/query-keys';

/**
 * /feed's pages. They change only when the reader asks (the "new stories" pill, a reload):
 * no refetch on focus or reconnect, so nothing moves under the reader. Leaving /feed drops
 * them, so coming back starts from the newest.
 */
const feedPages = () =>
  infiniteQueryOptions({
    queryKey: feedKeys.pages,
    queryFn: ({ pageParam, signal }) => apiFetch(withSearchParams('/api/feed', { cursor: pageParam }), { schema: import.meta.env.DEV ? feedPageSchema : undefined, signal }),
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
    queryFn: ({ signal }) => apiFetch(withSearchParams('/api/feed/new-count', { after: after ?? undefined }), { schema: import.meta.env.DEV ? feedNewCountSchema : undefined, signal }).then((r) => r.count),
    staleTime: 0,
  });

/** Tells the server the reader has seen this story (the marker only ever moves forward). */
export const markSeen = (storyId: string) => apiFetch('/api/feed/marker', { method: 'PUT', body: { storyId }, schema: import.meta.env.DEV ? feedMarkerResponseSchema : undefined });
