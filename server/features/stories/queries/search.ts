import { sql, type Compilable, type Expression, type Kysely, type SqlBool } from 'kysely';
import { ACCENTS } from '../../../db/search-document';
import type { Dialect } from '../../../db/database';
import type { Database } from '../../../db/types';
import type { StoriesQuery } from '../queries';

/**
 * Full-text search over a story's title and text: the one place the two databases need
 * their own SQL, because neither has a portable text index. SQLite matches through the
 * FTS5 table `storiesFts` (kept in step with `stories` by triggers); PostgreSQL through the
 * generated column `stories.searchVector` (`searchDocument` in server/db/search-document.ts) and its GIN index. Both
 * are created by migration 0003 and exist only on their own database.
 *
 * Both behave the same: every word must appear, each as a prefix ("gho" finds "ghost")
 * except single letters, which match whole words (a one-letter prefix matches nearly
 * everything and is slow to merge); case and accents are ignored ("cafe" finds "Café"); no
 * stemming, so results do not depend on a language. FTS5 folds accents itself and keeps
 * prefix indexes for 2 and 3 characters, so typing "gh" stays fast; PostgreSQL gets an
 * immutable translate() of the Latin letters (no extension needed: any PostgreSQL will do).
 *
 * A page must cost about the same whether a word is in every story or in three
 * (decision 0020). A text index finds the matches of a word but not in the list's order, so
 * a common word gives a huge set to sort; walking the list's own index in order and testing
 * each row finds a page of a common word at once but reads the whole table for a rare one.
 * So `searchPage` first looks at a bounded window of the list (the next WINDOW rows in the
 * list's order, matches or not) and only when the window held less than a page goes to
 * the text index for the rows below it; by then the word is known to be rare, so the
 * matches are few. SQLite's newest first needs none of it: FTS5 keeps its index in rowid
 * (= seq) order and walks it newest first itself.
 */

const MAX_TERMS = 8;

/**
 * Rows of the list examined before the text index is asked. Larger makes the walk dearer for
 * rare words; smaller sends more words to the text index, where a word in 2 % of 100,000
 * stories is 2,000 matches to sort. Chosen by bench/stories.ts.
 */
export const WINDOW = 1_000;

const ACCENT_LOOKUP = new Map([...ACCENTS.from].map((c, i) => [c, ACCENTS.to[i]!]));

/** The words of a search, lower-cased; punctuation and operators are dropped. */
export function searchTerms(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
}

const isPrefix = (term: string) => term.length > 1;
const ftsQuery = (terms: string[]) => terms.map((t) => (isPrefix(t) ? `"${t}"*` : `"${t}"`)).join(' ');

function tsQuery(terms: string[]) {
  const folded = terms.map((t) => [...t].map((c) => ACCENT_LOOKUP.get(c) ?? c).join(''));
  return sql`to_tsquery('simple', ${folded.map((t) => (isPrefix(t) ? `${t}:*` : t)).join(' & ')})`;
}

/**
 * A condition on the `stories` row aliased `s`. `terms` must be non-empty. It lets each
 * database answer from its text index.
 */
export function matchesSearch(dialect: Dialect, terms: string[]): Expression<SqlBool> {
  if (dialect === 'postgres') return sql<SqlBool>`${sql.ref('s.searchVector')} @@ ${tsQuery(terms)}`;
  return sql<SqlBool>`${sql.ref('s.seq')} in (select rowid from "storiesFts" where "storiesFts" match ${ftsQuery(terms)})`;
}

/**
 * The same condition written so the text index cannot serve it, for walking a list's own
 * index: PostgreSQL only matches index conditions written as operators, so the function
 * behind `@@` is called by name.
 */
function matchesRowByRow(terms: string[]): Expression<SqlBool> {
  return sql<SqlBool>`ts_match_vq(${sql.ref('s.searchVector')}, ${tsQuery(terms)})`;
}

/**
 * Search results newest first, after the story `before` (a seq) when paging. On SQLite the
 * FTS table is joined and walked in rowid order (rowid = seq, so newest first) and the walk
 * stops once the page is full, instead of first collecting every match: a common word costs
 * the same as a rare one.
 */
export function searchNewestFirst(q: StoriesQuery, terms: string[], before: number | null): StoriesQuery {
  // $if(true, …) lets the join add the FTS table while the builder keeps its own type.
  return q.$if(true, (qb) =>
    qb
      .innerJoin(sql<{ rowid: number }>`"storiesFts"`.as('f'), (join) => join.onRef('f.rowid', '=', 's.seq'))
      .where(sql<SqlBool>`f."storiesFts" match ${ftsQuery(terms)}`)
      .$if(before !== null, (inner) => inner.where('f.rowid', '<', before!))
      .orderBy('f.rowid', 'desc'),
  );
}

/** A position in a list: the sort key of a row. `likes` is only part of it when sorting by most liked. */
export interface ListKey {
  likes: number;
  seq: number;
}

export interface SearchPageRequest {
  sort: 'newest' | 'liked';
  /** Non-empty. */
  terms: string[];
  /** The key of the last row already shown; null for the first page. */
  after: ListKey | null;
  /** Rows wanted: a page and one more. */
  rows: number;
  /**
   * The filters of the list that lead its indexes (migration 0003), so the window walks the
   * same index as the list. The window only bounds work: `base` still decides which rows
   * may appear.
   */
  scope: { genre?: string; author?: string; wordCount?: number };
  /** Rows of the list examined before the text index is asked; WINDOW unless a test needs its edges. */
  window?: number;
}

/** Something that runs as one statement: a Kysely select. */
export type Statement<O> = Compilable<O> & { execute(): Promise<O[]> };
/** Runs one statement; the benchmark passes its own to print the plan of each. */
export type Runner = <O>(statement: Statement<O>) => Promise<O[]>;
const execute: Runner = (statement) => statement.execute();

/** A row of a story list, as `base` selects it. */
export type ListRow = Awaited<ReturnType<StoriesQuery['execute']>>[number];

/**
 * One page of search results in the list's order. `base` is the list's query (the stories
 * the viewer may read within its filters, columns selected) without order, paging or limit.
 * Two or three short statements, each bounded by WINDOW or by the number of matches of a
 * word already known to be rare; see the comment at the top of this file.
 */
export async function searchPage(db: Kysely<Database>, dialect: Dialect, base: StoriesQuery, request: SearchPageRequest, run: Runner = execute): Promise<ListRow[]> {
  const { sort, terms, after, rows, window: size = WINDOW } = request;
  if (dialect === 'sqlite' && sort === 'newest') return run(searchNewestFirst(base, terms, after?.seq ?? null).limit(rows));

  const ordered = (q: StoriesQuery) => (sort === 'liked' ? q.orderBy('s.likesCount', 'desc').orderBy('s.seq', 'desc') : q.orderBy('s.seq', 'desc'));
  const below = (q: StoriesQuery, key: ListKey | null) => {
    if (!key) return q;
    return sort === 'liked'
      ? q.where(({ eb, refTuple, tuple }) => eb(refTuple('s.likesCount', 's.seq'), '<', tuple(key.likes, key.seq)))
      : q.where('s.seq', '<', key.seq);
  };
  // The rows of the window in the list's order, matches or not: public, within the leading filters.
  const window = () => {
    let w = db.selectFrom('stories as s').where('s.public', '=', 1);
    if (request.scope.genre !== undefined) w = w.where('s.promptGenre', '=', request.scope.genre);
    if (request.scope.author !== undefined) w = w.where('s.uid', '=', request.scope.author);
    if (request.scope.wordCount !== undefined) w = w.where('s.wordCount', '=', request.scope.wordCount);
    if (after) {
      w = sort === 'liked'
        ? w.where(({ eb, refTuple, tuple }) => eb(refTuple('s.likesCount', 's.seq'), '<', tuple(after.likes, after.seq)))
        : w.where('s.seq', '<', after.seq);
    }
    return sort === 'liked' ? w.orderBy('s.likesCount', 'desc').orderBy('s.seq', 'desc') : w.orderBy('s.seq', 'desc');
  };
  // The last row of the window: where the walk ends and the text index takes over. None when fewer rows are left.
  const floorRows = await run(window().select(['s.likesCount', 's.seq']).offset(size - 1).limit(1));
  const floor: ListKey | null = floorRows[0] ? { likes: Number(floorRows[0].likesCount), seq: Number(floorRows[0].seq) } : null;

  // From the cursor down to the floor, the floor's own row included.
  const inWindow = (q: StoriesQuery) => {
    let bounded = below(q, after);
    if (!floor) return bounded;
    bounded = sort === 'liked'
      ? bounded.where(({ eb, refTuple, tuple }) => eb(refTuple('s.likesCount', 's.seq'), '>=', tuple(floor.likes, floor.seq)))
      : bounded.where('s.seq', '>=', floor.seq);
    return bounded;
  };
  // PostgreSQL tests each row of the window, walking the list's index, and stops at a full
  // page. On SQLite a test against FTS5 costs a lookup per row; the window's seqs (from the
  // covering index) are matched against the word's rowids in one pass instead.
  const ftsHitsInWindow = () => {
    const hits = db
      .selectFrom(sql<{ rowid: number }>`"storiesFts"`.as('f'))
      .innerJoin(window().select('s.seq').limit(size).as('w'), 'w.seq', 'f.rowid')
      .select('f.rowid')
      .where(sql<SqlBool>`f."storiesFts" match ${ftsQuery(terms)}`);
    return sql<SqlBool>`${sql.ref('s.seq')} in (${hits})`;
  };
  const walked = await run(ordered(inWindow(base).where(dialect === 'postgres' ? matchesRowByRow(terms) : ftsHitsInWindow())).limit(rows));
  if (walked.length >= rows || !floor) return walked;

  // Fewer matches than a page in the window: the word is rare, and its text index is the short
  // way. Either planner may still walk the list's index below the floor (all of it, when it
  // thinks the word common); a unary plus keeps the sort key off every index, so only the
  // text index can lead.
  const plus = (column: 's.likesCount' | 's.seq') => sql<number>`+${sql.ref(column)}`;
  let rest = base.where(matchesSearch(dialect, terms));
  rest = sort === 'liked'
    ? rest
      .where(sql<SqlBool>`(${plus('s.likesCount')}, ${plus('s.seq')}) < (${floor.likes}, ${floor.seq})`)
      .orderBy(plus('s.likesCount'), 'desc')
      .orderBy(plus('s.seq'), 'desc')
    : rest.where(sql<SqlBool>`${plus('s.seq')} < ${floor.seq}`).orderBy(plus('s.seq'), 'desc');
  rest = rest.limit(rows - walked.length);
  return [...walked, ...(await run(rest))];
}
