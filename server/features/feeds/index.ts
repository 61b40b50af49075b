/** The feeds feature's public entry: the Atom feeds' routes, the feed each page names in its HTML, and a story's text as (X)HTML. */
export { pageFeeds } from './head';
export { storyContentHtml } from './entry';
