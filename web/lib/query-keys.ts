import type { StorySort, VisibilityFilter } from '@common/stories/rules';

/*
 * The query keys several features share: one feature's change refetches another's lists
 * (a new display name refetches profiles and story cards). Keys used by one feature only
 * stay in its api.ts.
 */

export interface CommunityParams {
  q: string;
  genre: string;
  sort: StorySort;
  /** Only perfect drabbles (exactly 100 words). */
  perfect?: boolean;
}

/** Everything story-shaped. Every list lives under ['stories'], so one invalidation after a write refreshes them all. */
export const storyKeys = {
  all: ['stories'] as const,
  detail: (id: string) => ['stories', 'detail', id] as const,
  /** Every community list, whatever its filters. */
  communityAll: ['stories', 'community'] as const,
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
  /** Whose handle it is (GET /api/handles/:handle): the /@handle page's first question. */
  handle: (handle: string) => ['profile', 'handle', handle] as const,
};

/** Feature requests: the admin list and the requester's own ("My suggestions"). */
export const featureRequestKeys = {
  all: ['featureRequests'] as const,
  admin: ['featureRequests', 'admin'] as const,
  mine: ['featureRequests', 'mine'] as const,
};

/** Conversations (/messages) and the unread count on the Messages nav link. */
export const conversationKeys = {
  all: ['conversations'] as const,
  list: ['conversations', 'list'] as const,
  /** A folder of the list: the inbox or message requests. */
  folder: (folder: 'inbox' | 'requests') => ['conversations', 'list', folder] as const,
  unread: ['conversations', 'unread'] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
  /** Whether the viewer may message a writer (asked before the composer opens). */
  canMessage: (uid: string) => ['conversations', 'can-message', uid] as const,
  settings: ['conversations', 'settings'] as const,
};

/** Admin screens: notifications (the bell), greetings, dashboard, audit log. */
export const adminKeys = {
  all: ['admin'] as const,
  notifications: ['admin', 'notifications'] as const,
  greetings: ['admin', 'greetings'] as const,
  dashboard: (days: number) => ['admin', 'dashboard', days] as const,
  audit: ['admin', 'audit'] as const,
  /** The moderation queue and accounts (web/features/moderation/api.ts keys live under it). */
  moderation: ['admin', 'moderation'] as const,
};

/** The greeting on the signed-in home screen. */
export const greetingKeys = { today: ['greeting', 'today'] as const };

/** Follows, friends, requests, suggestions, blocks and mutes: one invalidation after any change refetches them all. */
export const socialKeys = {
  all: ['social'] as const,
  relationship: (uid: string) => ['social', 'relationship', uid] as const,
  friends: ['social', 'friends'] as const,
  following: (uid: string) => ['social', 'following', uid] as const,
  followers: (uid: string) => ['social', 'followers', uid] as const,
  requests: ['social', 'requests'] as const,
  search: (q: string) => ['social', 'search', q] as const,
  suggestions: ['social', 'suggestions'] as const,
  blocks: ['social', 'blocks'] as const,
  mutes: ['social', 'mutes'] as const,
  settings: ['social', 'settings'] as const,
};

/** /feed: the pages, and the count behind the "N new stories" pill. */
export const feedKeys = {
  all: ['feed'] as const,
  pages: ['feed', 'pages'] as const,
  newCount: ['feed', 'new-count'] as const,
};

/** The bell: the list, its unread count, a group's full list of people, and the preferences in /settings. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
  actors: (id: string) => ['notifications', 'actors', id] as const,
  prefs: ['notifications', 'prefs'] as const,
  pushDevices: ['notifications', 'push-devices'] as const,
};
