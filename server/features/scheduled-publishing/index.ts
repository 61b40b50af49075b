/** Scheduled publishing's public entry (docs/decisions/0072-scheduled-publishing.md): the job's work. */
export { publishDueStories, publishScheduledStory } from './service';
