/** The discovery feature's public entry: what a guest may find (the sitemap's rule), for the Atom feeds. */
export { guestStories } from './queries';
