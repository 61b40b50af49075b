/** The badges feature's public entry: checking what a writer has earned after what they did. */
export { awardBadges } from './award';
