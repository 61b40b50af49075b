/**
 * The tags feature's public entry: the stories feature writes a story's tags and reads their
 * names through this. Only those two live behind it (routes are mounted from app.ts), so
 * stories → tags → stories never cycles.
 */
export { setStoryTags } from './write';
export { tagsOfNames } from './names';
