/** Scheduled publishing's public entry: the story page's panel and My Stories' list (both small, on screens that load lazily). */
export { SchedulePanel } from './SchedulePanel';
export { ScheduledStories } from './ScheduledStories';
