import { v5 as uuidV5 } from 'uuid';
import { BOOK_TEXTS, type MyWritingYears } from '@common/books/books';
import { formatLongDate } from '@common/shared/dates';
import { DEFAULT_TIME_ZONE, localDay, zonedInstant } from '@common/streaks/rules';
import type { ServerContext } from '../../context';
import { authorName } from '../../shared/author';
import { keysetPages } from '../../shared/keyset';
import { slugify } from '../../shared/slugify';
import { storyContentHtml } from '../../shared/story-html';
import { epubStream, type BookChapter } from './epub';
import { BOOK_PAGE, bookWriter, writingBetween, writingDates, type BookStoryRow } from './queries';

/** The namespace of books' identifiers: a writer's book of a year keeps one identifier however often it is downloaded. */
const BOOK_ID_NAMESPACE = '7b0f6f7e-3f55-4d55-9c55-6d7261626c65';

/** What a chapter is made of: a story row's title, text, warnings and when it was written. */
export type ChapterStory = Pick<BookStoryRow, 'title' | 'content' | 'contentWarnings' | 'contentWarningNote' | 'created_at'> & {
  /** "by Ada", in a book of several writers' stories. */
  byline?: string;
};

/** A story as a chapter: its date in the reader's language (US English without one) and the book's zone. */
export function storyChapter(story: ChapterStory, { locale, timeZone }: { locale: string | null; timeZone: string }): BookChapter {
  return {
    title: story.title,
    date: formatLongDate(story.created_at, { locale: locale ?? 'en-US', timeZone }),
    dateTime: story.created_at,
    bodyXhtml: storyContentHtml(story),
    ...(story.byline ? { byline: story.byline } : {}),
  };
}

const yearOf = (instant: string, timeZone: string) => Number(localDay(new Date(instant), timeZone).slice(0, 4));

/** The years the writer wrote in (in their zone), newest first, with how many stories each. */
export async function myWritingYears(ctx: ServerContext, uid: string): Promise<MyWritingYears> {
  const [writer, dates] = await Promise.all([bookWriter(ctx.db, uid), writingDates(ctx.db, uid)]);
  const timeZone = writer?.timezone ?? DEFAULT_TIME_ZONE;
  const counts = new Map<number, number>();
  for (const { created_at } of dates) {
    const year = yearOf(created_at, timeZone);
    counts.set(year, (counts.get(year) ?? 0) + 1);
  }
  return { years: [...counts].sort(([a], [b]) => b - a).map(([year, stories]) => ({ year, stories })) };
}

const pages = (ctx: ServerContext, uid: string, from: string, to: string) => keysetPages(BOOK_PAGE, (after: BookStoryRow | null) => writingBetween(ctx.db, uid, from, to, after));

export interface BookFile {
  fileName: string;
  stream: ReadableStream<Uint8Array>;
}

/** What a book is made of: who and what it is, and its stories in order (read as the book is written). */
export interface BookSource {
  /** Names the book for good: the same source gives the same identifier (a UUID v5 of it). */
  key: string;
  title: string;
  subtitle: string;
  authors: string[];
  fileName: string;
  /** The zone the stories' dates are written in (the writer's). */
  timeZone: string;
  stories: AsyncIterable<ChapterStory>;
}

/**
 * The book of `source` as an EPUB stream, or null when it has no story (a 404, not an empty
 * book: the first story is read before answering).
 */
export async function makeBook(ctx: ServerContext, source: BookSource, { locale, now = new Date() }: { locale: string | null; now?: Date }): Promise<BookFile | null> {
  const stories = source.stories[Symbol.asyncIterator]();
  const first = await stories.next();
  if (first.done) return null;
  const meta = {
    identifier: `urn:uuid:${uuidV5(source.key, BOOK_ID_NAMESPACE)}`,
    title: source.title,
    subtitle: source.subtitle,
    authors: source.authors,
    language: locale ?? 'en',
    modified: now,
  };
  const where = { locale, timeZone: source.timeZone };
  async function* chapters(): AsyncGenerator<BookChapter> {
    yield storyChapter(first.value as ChapterStory, where);
    for (let next = await stories.next(); !next.done; next = await stories.next()) yield storyChapter(next.value, where);
  }
  const stream = epubStream(meta, { contents: BOOK_TEXTS.contents, cover: BOOK_TEXTS.cover }, chapters(), {
    onError: (err) => ctx.logger.error({ err, book: source.key }, 'book failed while streaming'),
  });
  return { fileName: source.fileName, stream };
}

/**
 * The writer's stories written in `year` (their zone), oldest first, as an EPUB: every story,
 * private ones too (the book is theirs). Null when they wrote none that year.
 */
export async function myWritingBook(ctx: ServerContext, uid: string, year: number, options: { locale: string | null; now?: Date }): Promise<BookFile | null> {
  const writer = await bookWriter(ctx.db, uid);
  if (!writer) return null;
  const timeZone = writer.timezone ?? DEFAULT_TIME_ZONE;
  const from = zonedInstant(`${year}-01-01`, 0, timeZone).toISOString();
  const to = zonedInstant(`${year + 1}-01-01`, 0, timeZone).toISOString();
  const author = authorName(writer);
  return makeBook(
    ctx,
    {
      key: `my-writing:${uid}:${year}`,
      title: BOOK_TEXTS.myWritingTitle(year),
      subtitle: '',
      authors: [author],
      fileName: bookFileName(author, year),
      timeZone,
      stories: pages(ctx, uid, from, to),
    },
    options,
  );
}

/** `drabble-<writer>-stories-of-<year>.epub`, in plain ASCII as the export's name is. */
export const bookFileName = (author: string, year: number) => `drabble-${slugify(author, 40) || 'writer'}-stories-of-${year}.epub`;
