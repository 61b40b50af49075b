/**
 * The stories feature's public entry: what reactions, comments, favourites and profiles
 * build on. Other features import these from '../stories', never the files behind it.
 */
export { findStoryRow, findStoryRowFor, lockStory, reactionSummary, S_STORY_COLUMNS, selectStories, storyRowsOf, toSummary, type StoryDbRow } from './queries';
export { communityQuery, listCommunity, listFavorites, type Shelf } from './queries/lists';
export { recordStoryComment, recordStoryCounts, recordStoryLeftShelves } from './live';
export { promptColumns, textColumns, warningColumns } from './columns';
export { updateStory, type SavedStory } from './service';
export { changeVisibility, getStory, logVisibility } from './service';
