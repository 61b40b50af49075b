import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { CommunityQuery, MyStoriesQuery, StoryPage } from '@common/stories/story';
import { DRABBLE_WORDS } from '@common/stories/words';
import { tagKey, tagProblem } from '@common/tags/tags';
import type { Database } from '../../../db/types';
import type { Dialect } from '../../../db/database';
import { toDbBool } from '../../../db/bool';
import { readableBy } from '../../../policy/readable-stories';
import type { SignedInViewer, Viewer } from '../../../policy/viewer';
import { cursorField, decodeCursor, encodeCursor, pageOf } from '../../../shared/cursor';
import { S_STORY_COLUMNS, selectStories, toSummary, type StoryDbRow } from '../queries';
import { searchPage, searchTerms, type Runner } from './search';

/**
 * The story lists. Each starts from the stories the viewer may read (readableStories), so
 * no list can ever contain a private story of someone else; each filters on the leading
 * columns of one index (migration 0003) and pages by keyset on its trailing columns, so a
 * page costs the same on page 1 and page 500.
 */
type Db = Kysely<Database>;

const newestCursor = z.object({ k: z.literal('newest'), s: cursorField.seq });
const likedCursor = z.object({ k: z.literal('liked'), l: cursorField.count, s: cursorField.seq });

/** A narrower shelf under the community's rules: one tag's stories (its page, /tag/<key>). */
export interface Shelf {
  tagId?: string;
}

/** The community shelf as the viewer may see it, before sorting and paging. */
function communityBase(db: Db, viewer: Viewer, query: CommunityQuery, shelf: Shelf = {}) {
  // Muted writers leave the shared community shelf (and its search), not a profile opened on purpose.
  // A reader's hidden content warnings leave both the shelf and a profile's list.
  let q = selectStories(db, viewer, { publicOnly: true, author: query.author, excludeMuted: query.author === undefined, excludeLimited: query.author === undefined, excludeHiddenWarnings: true });
  if (query.genre) q = q.where('s.promptGenre', '=', query.genre);
  // Perfect drabbles lead on (public, wordCount) in their own indexes (migration 0012).
  if (query.perfect) q = q.where('s.wordCount', '=', DRABBLE_WORDS);
  // A tag's stories come from storyTags (tagId, storySeq), walked newest first (migration 0023).
  if (shelf.tagId !== undefined) q = q.innerJoin('storyTags as st', 'st.storyId', 's.id').where('st.tagId', '=', shelf.tagId);
  return q;
}

/**
 * The query behind GET /api/stories/community without a search: public stories only (the
 * viewer's own private ones stay on their own shelf). Exported for the benchmark's query plans.
 */
export function communityQuery(db: Db, viewer: Viewer, query: CommunityQuery, shelf: Shelf = {}) {
  let q = communityBase(db, viewer, query, shelf);
  // On a tag's shelf the same orders are storyTags' copies of the story's likes and seq (migrations
  // 0023, 0025), so the tag's own indexes give either unsorted and a page stops at its last row.
  const onTag = shelf.tagId !== undefined;
  const seq = sql.ref<number>(onTag ? 'st.storySeq' : 's.seq');
  if (query.sort === 'liked') {
    const likes = sql.ref<number>(onTag ? 'st.likesCount' : 's.likesCount');
    const after = decodeCursor(likedCursor, query.cursor);
    if (after) q = q.where(({ eb, tuple }) => eb(tuple(likes, seq), '<', tuple(after.l, after.s)));
    q = q.orderBy(likes, 'desc').orderBy(seq, 'desc');
  } else {
    const after = decodeCursor(newestCursor, query.cursor);
    if (after) q = q.where(seq, '<', after.s);
    q = q.orderBy(seq, 'desc');
  }
  return q.limit(query.limit + 1);
}

/**
 * The rows of one community page: a search goes through `searchPage` (search.ts), which may
 * run a few statements; `run` lets the benchmark see each one.
 */
export async function communityRows(db: Db, dialect: Dialect, viewer: Viewer, query: CommunityQuery, terms: string[], run: Runner = (s) => s.execute(), shelf: Shelf = {}) {
  if (terms.length === 0) return run(communityQuery(db, viewer, query, shelf));
  const after = query.sort === 'liked'
    ? decodeCursor(likedCursor, query.cursor)
    : decodeCursor(newestCursor, query.cursor);
  return searchPage(db, dialect, communityBase(db, viewer, query, shelf), {
    sort: query.sort,
    terms,
    after: after && { likes: 'l' in after ? after.l : 0, seq: after.s },
    rows: query.limit + 1,
    scope: { genre: query.genre, author: query.author, wordCount: query.perfect ? DRABBLE_WORDS : undefined },
  }, run);
}

function cursorFor(sort: CommunityQuery['sort'], row: StoryDbRow): string {
  return sort === 'liked'
    ? encodeCursor({ k: 'liked', l: Number(row.likesCount), s: Number(row.seq) })
    : encodeCursor({ k: 'newest', s: Number(row.seq) });
}

export async function listCommunity(db: Db, dialect: Dialect, viewer: Viewer, query: CommunityQuery, shelf: Shelf = {}): Promise<StoryPage> {
  // A search for `#tag` is that tag's shelf, under the search's other filters (docs/decisions/0044-tags.md).
  const asTag = query.q?.trim().startsWith('#') ? tagKey(query.q) : null;
  if (asTag !== null) {
    const tag = tagProblem(asTag) === null ? await db.selectFrom('tags').select('id').where('key', '=', asTag).executeTakeFirst() : undefined;
    if (!tag) return { stories: [], nextCursor: null };
    return listCommunity(db, dialect, viewer, { ...query, q: undefined }, { ...shelf, tagId: tag.id });
  }
  const terms = query.q === undefined ? [] : searchTerms(query.q);
  // A search of only punctuation has no words to find: nothing matches.
  if (query.q !== undefined && terms.length === 0) return { stories: [], nextCursor: null };
  return communityPage(await communityRows(db, dialect, viewer, query, terms, undefined, shelf), query, viewer);
}

/** A community page from its rows (`query.limit` + 1 of them, as communityQuery reads them). */
export function communityPage(rows: StoryDbRow[], query: CommunityQuery, viewer: Viewer): StoryPage {
  const { items, nextCursor } = pageOf(rows, query.limit, (last) => cursorFor(query.sort, last));
  return { stories: items.map((row) => toSummary(row, viewer)), nextCursor };
}

/** GET /api/stories/mine: the writer's own stories, newest first. */
export async function listMine(db: Db, viewer: SignedInViewer, query: MyStoriesQuery): Promise<StoryPage> {
  let q = selectStories(db, viewer, { author: viewer.uid });
  if (query.visibility !== 'all') q = q.where('s.public', '=', toDbBool(query.visibility === 'public'));
  const after = decodeCursor(newestCursor, query.cursor);
  if (after) q = q.where('s.seq', '<', after.s);
  const rows = await q.orderBy('s.seq', 'desc').limit(query.limit + 1).execute();
  const { items, nextCursor } = pageOf(rows, query.limit, (last) => cursorFor('newest', last));
  return { stories: items.map((row) => toSummary(row, viewer)), nextCursor };
}

const favoritesCursor = z.object({ k: z.literal('favorites'), c: cursorField.time, i: cursorField.id });

/** GET /api/favorites: favourited stories the user can still read, most recently favourited first. */
export async function listFavorites(db: Db, viewer: SignedInViewer, query: { cursor?: string; limit: number }): Promise<StoryPage> {
  const after = decodeCursor(favoritesCursor, query.cursor);
  let q = db
    .selectFrom('userFavorites as f')
    .innerJoin('stories as s', 's.id', 'f.storyId')
    .select(S_STORY_COLUMNS)
    .select(['f.created_at as favoritedAt'])
    .where('f.uid', '=', viewer.uid)
    .where(readableBy(viewer));
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('f.created_at', 'f.storyId'), '<', tuple(after.c, after.i)));
  const rows = await q.orderBy('f.created_at', 'desc').orderBy('f.storyId', 'desc').limit(query.limit + 1).execute();
  const { items, nextCursor } = pageOf(rows, query.limit, (last) => encodeCursor({ k: 'favorites', c: last.favoritedAt, i: last.id }));
  return { stories: items.map((row) => toSummary(row, viewer)), nextCursor };
}
