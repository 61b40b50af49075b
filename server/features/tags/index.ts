/**
 * The tags feature's public entry: the stories feature writes a story's tags and reads their
 * names through this, and the Atom feeds find a tag a guest may know of. None of these import
 * stories (routes are mounted from app.ts), so stories → tags → stories never cycles.
 */
export { setStoryTags } from './queries/story-tags';
export { tagsOfNames } from './names';
export { findTag, tagShownTo } from './queries';
