/** The weekly contest's public entry (issue 28): what the story editor builds on. */
export { contestKeys, contestPageQuery, enterContest } from './api';
