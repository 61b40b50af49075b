import type { StorySort, VisibilityFilter } from '@common/story';

/*
 * The query keys several features share: one feature's change refetches another's lists
 * (a new display name refetches profiles and story cards). Keys used by one feature only
 * stay in its api.ts.
 */

export interface CommunityParams {
  q: string;
  genre: string;
  sort: StorySort;
}

/** Everything story-shaped. Every list lives under ['stories'], so one invalidation after a write refreshes them all. */
export const storyKeys = {
  all: ['stories'] as const,
  detail: (id: string) => ['stories', 'detail', id] as const,
  community: (params: CommunityParams) => ['stories', 'community', params] as const,
  mine: (visibility: VisibilityFilter) => ['stories', 'mine', visibility] as const,
  rows: ['stories', 'rows'] as const,
  favorites: ['stories', 'favorites'] as const,
  comments: (id: string) => ['stories', 'comments', id] as const,
};

export const progressKeys = { mine: ['progress'] as const };

/** Everything profile-shaped lives under ['profile']. */
export const profileKeys = {
  all: ['profile'] as const,
  myStats: ['profile', 'me', 'stats'] as const,
  user: (uid: string) => ['profile', 'user', uid] as const,
  userStories: (uid: string) => ['profile', 'user', uid, 'stories'] as const,
};
