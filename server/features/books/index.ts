/** The books feature's public entry: an EPUB written as it downloads, for other features' books (a series'). */
export { epubStream, type BookChapter, type BookMeta } from './epub';
export { bookResponse } from './routes';
export { makeBook, type BookFile, type BookSource, type ChapterStory } from './service';
