/** The stories feature's public entry: what other features use. Its screens load through the router. */
export { storyChanged } from './api/mutations';
/**
 * Sending the saves made offline, for the signed-in shell (app/LiveEvents.tsx): loaded only when
 * there are some, so the editor's save code stays off the first load.
 */
export const loadQueuedSaves = () => import('./editor/sync-queue');
export { browserTimeZone, useProgress, useTodayPrompt } from './api/progress';
export { keepMyStoriesForOffline } from './api/offline';
export { communityQuery, favoritesQuery, myStoriesQuery, storyListQuery, storyQuery, storyRowsQuery } from './api/stories';
export { FavoriteButton } from './FavoriteButton';
export { OwnerActions } from './OwnerActions';
export { PerfectDrabbleBadge } from './PerfectDrabbleBadge';
export { PromptChips } from './PromptChips';
export { AuthorAvatar, StoryCard } from './StoryCard';
export { CardSkeletons, StoryGrid } from './StoryGrid';
export { VisibilityBadge } from './VisibilityBadge';
export { ContentWarningList, ShowStoryButton, useTextGate, WarningCheckboxes } from './ContentWarnings';
export { StoryNotFound } from './StoryNotFound';
