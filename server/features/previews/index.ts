/** The previews feature's public entry: link previews (title, description, Open Graph) for the served web app. */
export { sharedPages } from './previews';
