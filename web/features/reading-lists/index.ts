/** The reading lists feature's public entry: the bookmark on cards and the story page. Its screens load through the router. */
export { BookmarkButton } from './BookmarkButton';
