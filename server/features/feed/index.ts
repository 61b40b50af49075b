/**
 * The feed feature's public entry: the stories feature calls this when a story becomes
 * public. Only the fan-out lives behind it, so stories → feed → stories never cycles.
 */
export { tellFollowersOfStory } from './publish';
