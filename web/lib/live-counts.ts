import type { QueryClient } from '@tanstack/react-query';
import type { LiveEventPayload } from '@common/events/live-events';
import type { Relationship } from '@common/follows/follows';
import type { Story } from '@common/stories/story';
import { feedKeys, profileKeys, socialKeys, storyKeys } from './query-keys';

type StoryCounts = LiveEventPayload<'story.counts'>;
type ProfileCounts = LiveEventPayload<'profile.counts'>;

/*
 * Live counts patch what is cached in place (never refetch whole lists): the story page,
 * every story list (community, mine, favourites, a profile's, the feed) and the rows table.
 * Only items with the story's id change; everything else keeps its identity, so screens that
 * do not show the story do not re-render.
 */

interface CountedItem {
  id: string;
  likesCount: number;
  commentsCount: number;
}

function isCountedItem(value: unknown): value is CountedItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<CountedItem>;
  return typeof item.id === 'string' && typeof item.likesCount === 'number' && typeof item.commentsCount === 'number';
}

const holds = (items: readonly unknown[], storyId: string) => items.some((item) => isCountedItem(item) && item.id === storyId);

function patchItems<T>(items: readonly T[], counts: StoryCounts): readonly T[] {
  if (!holds(items, counts.storyId)) return items;
  return items.map((item) =>
    isCountedItem(item) && item.id === counts.storyId ? { ...item, likesCount: counts.likesCount, commentsCount: counts.commentsCount } : item,
  );
}

/** A page of a story list: `{ stories: [...] }` (community, mine, favourites, a profile's, the feed). */
function isStoryPage(value: unknown): value is { stories: unknown[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { stories?: unknown }).stories);
}

function isInfinite(value: unknown): value is { pages: unknown[]; pageParams: unknown[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { pages?: unknown }).pages);
}

/** A cached list (an infinite query's pages of stories, or a plain array of rows) with the story's counts; the same object when it does not hold the story. */
export function withStoryCounts<T>(data: T, counts: StoryCounts): T {
  if (Array.isArray(data)) {
    const patched = patchItems(data, counts);
    return (patched === data ? data : patched) as T;
  }
  if (!isInfinite(data)) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!isStoryPage(page)) return page;
    const stories = patchItems(page.stories, counts);
    if (stories === page.stories) return page;
    changed = true;
    return { ...page, stories };
  });
  return changed ? ({ ...data, pages } as T) : data;
}

/** The story page with the new counts; which reactions are the viewer's own stays as it was. */
export function storyWithCounts(story: Story, counts: StoryCounts): Story {
  return {
    ...story,
    likesCount: counts.likesCount,
    commentsCount: counts.commentsCount,
    reactions: { ...story.reactions, counts: { ...story.reactions.counts, ...counts.reactions } },
  };
}

/** Whether a cached list (as withStoryCounts reads it) holds the story. */
export function holdsStory(data: unknown, storyId: string): boolean {
  if (Array.isArray(data)) return holds(data, storyId);
  return isInfinite(data) && data.pages.some((page) => isStoryPage(page) && holds(page.stories, storyId));
}

/**
 * Puts a story's new counts everywhere they are cached, for the viewer `viewerUid`. The
 * totals over its author's stories (profile stats) cannot be patched from one story's
 * counts: they are refetched (exact keys, so the author's story list stays; inactive queries
 * are only marked stale).
 */
export function applyStoryCounts(queryClient: QueryClient, counts: StoryCounts, viewerUid: string): void {
  void queryClient.invalidateQueries({ queryKey: profileKeys.user(counts.uid), exact: true });
  if (counts.uid === viewerUid) void queryClient.invalidateQueries({ queryKey: profileKeys.myStats, exact: true });
  queryClient.setQueryData<Story>(storyKeys.detail(counts.storyId), (story) => (story ? storyWithCounts(story, counts) : story));
  // Only the lists that hold the story: setting a query's data, even to the same value, would
  // also mark it fresh and cancel a pending invalidation.
  for (const queryKey of [storyKeys.all, profileKeys.all, feedKeys.all]) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey })) {
      const isDetail = query.queryKey[0] === 'stories' && query.queryKey[1] === 'detail';
      if (!isDetail && holdsStory(query.state.data, counts.storyId)) {
        queryClient.setQueryData<unknown>(query.queryKey, (data: unknown) => withStoryCounts(data, counts));
      }
    }
  }
}

/** The profile's follower counts (held with the viewer's relationship to that writer). */
export function applyProfileCounts(queryClient: QueryClient, { uid, followersCount, followingCount }: ProfileCounts): void {
  queryClient.setQueryData<Relationship>(socialKeys.relationship(uid), (relationship) =>
    relationship ? { ...relationship, followersCount, followingCount } : relationship,
  );
}
