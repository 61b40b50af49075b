/** The feeds feature's public entry: the Atom feeds' routes, and the feed each page names in its HTML. */
export { pageFeeds } from './head';
