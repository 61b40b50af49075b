/** The discovery feature's public entry: what a guest may find (the sitemap's rule), for the Atom feeds. */
export { escapeXml } from './sitemap';
export { guestStories } from './queries';
