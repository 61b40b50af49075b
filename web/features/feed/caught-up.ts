import type { FeedMarker } from '@common/follows/follows';
import type { StorySummary } from '@common/stories/story';

/**
 * Where "You're all caught up" goes in the list: above the marker story, or, if that one is
 * gone (deleted, made private), above the first story published before it. -1 when nothing
 * above that point is new, or the marker is further down than what is loaded.
 */
export function caughtUpIndex(stories: Array<Pick<StorySummary, 'id' | 'madePublicAt' | 'createdAt'>>, marker: FeedMarker | null): number {
  if (!marker) return -1;
  let index = stories.findIndex((s) => s.id === marker.storyId);
  if (index === -1) index = stories.findIndex((s) => (s.madePublicAt ?? s.createdAt) < marker.publishedAt);
  return index > 0 ? index : -1;
}
