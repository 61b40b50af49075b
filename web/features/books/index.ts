/** Books: a year of the writer's stories as an EPUB (My Stories' "Download a book"). */
export { BookDownload } from './BookDownload';
