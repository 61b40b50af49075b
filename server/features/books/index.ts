/** The books feature's public entry: an EPUB written as it downloads, for other features' books. */
export { epubStream, type BookChapter, type BookMeta } from './epub';
