/** The calendar feature's public entry: the writer's words per day over a year. */
export { loadCalendar } from './service';
