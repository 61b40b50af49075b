/** The profile feature's public entry: keeping the author snapshot on stories in step with a new image; a profile for link previews. */
export { findProfileFacts, findPublicProfile, refreshStoryAvatars } from './queries';
