/** The feeds feature's public entry: the Atom feeds' routes, and the feed each page names in its HTML. */
export { atomFeedRoutes } from './routes';
export { pageFeeds } from './head';
