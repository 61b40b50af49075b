/** The prompts feature's public entry. Its screens (/prompt/:date, /prompts) load through the router. */
export { promptArchiveQuery, promptDayQuery, promptKeys, promptStoriesQuery } from './api';
export { formatPromptDay } from './format';
export { PromptDayLink } from './PromptDayLink';
export { PromptParts } from './PromptParts';
