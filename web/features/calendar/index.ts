/** The calendar feature's public entry: the own profile's writing calendar. */
export { WritingCalendar } from './WritingCalendar';
