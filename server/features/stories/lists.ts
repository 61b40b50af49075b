import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { CommunityQuery, MyStoriesQuery, StoryPage } from '@common/story';
import type { Database } from '../../db/types';
import type { Dialect } from '../../db/database';
import { toDbBool } from '../../db/bool';
import { decodeCursor, encodeCursor, pageOf } from './cursor';
import { S_STORY_COLUMNS, selectStories, toSummary, type StoryDbRow } from './queries';
import { matchesSearch, searchNewestFirst, searchTerms } from './search';
import type { Viewer } from './policy';

/**
 * The story lists. Each filters on the leading columns of one index (migration 0003) and
 * pages by keyset on its trailing columns, so a page costs the same on page 1 and page 500,
 * and no list can ever contain a private story of someone else.
 */
type Db = Kysely<Database>;

const newestCursor = z.object({ k: z.literal('newest'), s: z.number().int() });
const likedCursor = z.object({ k: z.literal('liked'), l: z.number().int(), s: z.number().int() });

/** The query behind GET /api/stories/community, exported for the benchmark's query plans. */
export function communityQuery(db: Db, dialect: Dialect, query: CommunityQuery, terms: string[]) {
  let q = selectStories(db).where('s.public', '=', 1);
  if (query.genre) q = q.where('s.promptGenre', '=', query.genre);
  if (query.author) q = q.where('s.uid', '=', query.author);
  if (query.sort === 'liked') {
    const after = decodeCursor(likedCursor, query.cursor);
    if (terms.length > 0) q = q.where(matchesSearch(dialect, terms));
    if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('s.likesCount', 's.seq'), '<', tuple(after.l, after.s)));
    q = q.orderBy('s.likesCount', 'desc').orderBy('s.seq', 'desc');
  } else if (terms.length > 0) {
    q = searchNewestFirst(q, dialect, terms, decodeCursor(newestCursor, query.cursor)?.s ?? null);
  } else {
    const after = decodeCursor(newestCursor, query.cursor);
    if (after) q = q.where('s.seq', '<', after.s);
    q = q.orderBy('s.seq', 'desc');
  }
  return q.limit(query.limit + 1);
}

function cursorFor(sort: CommunityQuery['sort'], row: StoryDbRow): string {
  return sort === 'liked'
    ? encodeCursor({ k: 'liked', l: Number(row.likesCount), s: Number(row.seq) })
    : encodeCursor({ k: 'newest', s: Number(row.seq) });
}

export async function listCommunity(db: Db, dialect: Dialect, viewer: Viewer, query: CommunityQuery): Promise<StoryPage> {
  const terms = query.q === undefined ? [] : searchTerms(query.q);
  // A search of only punctuation has no words to find: nothing matches.
  if (query.q !== undefined && terms.length === 0) return { stories: [], nextCursor: null };
  const rows = await communityQuery(db, dialect, query, terms).execute();
  const { items, nextCursor } = pageOf(rows, query.limit, (last) => cursorFor(query.sort, last));
  return { stories: items.map((row) => toSummary(row, viewer)), nextCursor };
}

/** GET /api/stories/mine: the writer's own stories, newest first. */
export async function listMine(db: Db, uid: string, query: MyStoriesQuery): Promise<StoryPage> {
  let q = selectStories(db).where('s.uid', '=', uid);
  if (query.visibility !== 'all') q = q.where('s.public', '=', toDbBool(query.visibility === 'public'));
  const after = decodeCursor(newestCursor, query.cursor);
  if (after) q = q.where('s.seq', '<', after.s);
  const rows = await q.orderBy('s.seq', 'desc').limit(query.limit + 1).execute();
  const { items, nextCursor } = pageOf(rows, query.limit, (last) => cursorFor('newest', last));
  return { stories: items.map((row) => toSummary(row, { uid })), nextCursor };
}

const favoritesCursor = z.object({ k: z.literal('favorites'), c: z.string().max(40), i: z.string().max(64) });

/** GET /api/favorites: favourited stories the user can still read, most recently favourited first. */
export async function listFavorites(db: Db, uid: string, query: { cursor?: string; limit: number }): Promise<StoryPage> {
  const after = decodeCursor(favoritesCursor, query.cursor);
  let q = db
    .selectFrom('userFavorites as f')
    .innerJoin('stories as s', 's.id', 'f.storyId')
    .select(S_STORY_COLUMNS)
    .select(['f.created_at as favoritedAt'])
    .where('f.uid', '=', uid)
    .where((eb) => eb.or([eb('s.public', '=', 1), eb('s.uid', '=', uid)]));
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('f.created_at', 'f.storyId'), '<', tuple(after.c, after.i)));
  const rows = await q.orderBy('f.created_at', 'desc').orderBy('f.storyId', 'desc').limit(query.limit + 1).execute();
  const { items, nextCursor } = pageOf(rows, query.limit, (last) => encodeCursor({ k: 'favorites', c: last.favoritedAt, i: last.id }));
  return { stories: items.map((row) => toSummary(row, { uid })), nextCursor };
}
