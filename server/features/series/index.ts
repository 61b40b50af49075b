/** The series feature's public entry: what the Atom feeds build on. */
export { guestSeries } from './service';
