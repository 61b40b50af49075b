/** The weekly contest's public entry: what the story editor builds on. */
export { contestKeys, contestPageQuery, enterContest } from './api';
