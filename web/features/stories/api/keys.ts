import type { StorySort, VisibilityFilter } from '@common/story';

/**
 * Query keys for everything story-shaped. Every list lives under ['stories'], so one
 * invalidation after a write refreshes them all.
 */
export interface CommunityParams {
  q: string;
  genre: string;
  sort: StorySort;
}

export const storyKeys = {
  all: ['stories'] as const,
  detail: (id: string) => ['stories', 'detail', id] as const,
  community: (params: CommunityParams) => ['stories', 'community', params] as const,
  mine: (visibility: VisibilityFilter) => ['stories', 'mine', visibility] as const,
  rows: ['stories', 'rows'] as const,
  favorites: ['stories', 'favorites'] as const,
  comments: (id: string) => ['stories', 'comments', id] as const,
};

export const promptKeys = { today: ['prompts', 'today'] as const };
export const progressKeys = { mine: ['progress'] as const };
