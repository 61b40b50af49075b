import { defineRoute } from '../contracts/define';
import { myWritingYearsSchema } from './books';

/** Where the books router is mounted (server/app.ts). */
export const BOOKS_BASE = '/api/books';

/**
 * /api/books. The books themselves (GET /api/books/my-writing/:year, an EPUB file) are not
 * JSON and have no contract.
 */
export const bookContracts = {
  /** The years the signed-in writer has stories in, newest first. */
  myWritingYears: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/books/my-writing', response: myWritingYearsSchema }),
};
