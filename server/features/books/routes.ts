import { Hono, type Context } from 'hono';
import { BOOK_TEXTS, bookYearSchema } from '@common/books/books';
import { BOOKS_BASE, bookContracts } from '@common/books/contract';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { contractRoutes } from '../../http/contract-routes';
import { badRequest, notFound } from '../../http/errors';
import { preferredLocale } from '../../http/locale';
import { rateLimit } from '../../http/rate-limit';
import { myWritingBook, myWritingYears, type BookFile } from './service';

export const EPUB_CONTENT_TYPE = 'application/epub+zip';

/** A book as the answer: a download, kept by no cache (it may hold private stories). */
export function bookResponse(c: Context, book: BookFile): Response {
  return c.body(book.stream, 200, {
    'content-type': EPUB_CONTENT_TYPE,
    'content-disposition': `attachment; filename="${book.fileName}"`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  });
}

/**
 * /api/books (common/books/contract.ts): the years a writer may have a book of, and the book
 * itself, an EPUB streamed as it is written (a plain route: not JSON).
 */
export function bookRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, BOOKS_BASE);

  routes.signedIn(bookContracts.myWritingYears, [], async (_request, c) => myWritingYears(ctx, c.var.viewer.uid));

  app.get('/my-writing/:year', requireUser, rateLimit(ctx, 'books'), async (c) => {
    const year = bookYearSchema.safeParse(c.req.param('year'));
    if (!year.success) throw badRequest(BOOK_TEXTS.badYear, 'validation_failed');
    const book = await myWritingBook(ctx, c.var.user.uid, year.data, { locale: preferredLocale(c.req.header('accept-language')) });
    if (!book) throw notFound(BOOK_TEXTS.noStories(year.data));
    return bookResponse(c, book);
  });

  return app;
}
