import { z } from 'zod';

/**
 * Books: a writer's stories of one year as an EPUB 3 file (server/features/books). The year is
 * the writer's own: a story belongs to the year it was written in their time zone.
 */

/** The first and last year a book may be asked for: the app did not exist before, and no date is past 9999. */
export const BOOK_YEAR_MIN = 2000;
export const BOOK_YEAR_MAX = 9999;

export const BOOK_TEXTS = {
  badYear: `Please choose a year between ${BOOK_YEAR_MIN} and ${BOOK_YEAR_MAX}.`,
  noStories: (year: number) => `You wrote no stories in ${year}.`,
  /** The book's title, on its cover and in readers' libraries. */
  myWritingTitle: (year: number) => `Stories of ${year}`,
  contents: 'Contents',
  cover: 'Cover',
  contentWarnings: 'Content warnings',
} as const;

export const bookYearSchema = z.coerce
  .number({ error: BOOK_TEXTS.badYear })
  .int(BOOK_TEXTS.badYear)
  .min(BOOK_YEAR_MIN, BOOK_TEXTS.badYear)
  .max(BOOK_YEAR_MAX, BOOK_TEXTS.badYear);

/** The years the writer has stories in (newest first), with how many: what the download menu offers. */
export const myWritingYearsSchema = z.object({
  years: z.array(z.object({ year: z.number().int(), stories: z.number().int().nonnegative() })),
});
export type MyWritingYears = z.infer<typeof myWritingYearsSchema>;

/** Where the book of `year` downloads from (a plain route: an EPUB, not JSON). */
export const myWritingBookPath = (year: number) => `/api/books/my-writing/${year}`;
