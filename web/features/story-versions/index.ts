/**
 * The story-versions feature's public entry: the version history, which the story screen opens
 * for its author only, so its code (and the diff) loads then and not with the story.
 */
export const loadVersionsScreen = () => import('./VersionsScreen');
