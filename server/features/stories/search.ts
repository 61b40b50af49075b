import { sql, type Expression, type SqlBool } from 'kysely';
import { ACCENTS } from '../../db/search-document';
import type { Dialect } from '../../db/database';
import type { StoriesQuery } from './queries';

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
 */

const MAX_TERMS = 8;

const ACCENT_LOOKUP = new Map([...ACCENTS.from].map((c, i) => [c, ACCENTS.to[i]!]));

/** The words of a search, lower-cased; punctuation and operators are dropped. */
export function searchTerms(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
}

const isPrefix = (term: string) => term.length > 1;
const ftsQuery = (terms: string[]) => terms.map((t) => (isPrefix(t) ? `"${t}"*` : `"${t}"`)).join(' ');

/** A condition on the `stories` row aliased `s`. `terms` must be non-empty. */
export function matchesSearch(dialect: Dialect, terms: string[]): Expression<SqlBool> {
  if (dialect === 'postgres') {
    const folded = terms.map((t) => [...t].map((c) => ACCENT_LOOKUP.get(c) ?? c).join(''));
    const tsQuery = folded.map((t) => (isPrefix(t) ? `${t}:*` : t)).join(' & ');
    return sql<SqlBool>`${sql.ref('s.searchVector')} @@ to_tsquery('simple', ${tsQuery})`;
  }
  return sql<SqlBool>`${sql.ref('s.seq')} in (select rowid from "storiesFts" where "storiesFts" match ${ftsQuery(terms)})`;
}

/**
 * Search results newest first, after the story `before` (a seq) when paging. On SQLite the
 * FTS table is joined and walked in rowid order (rowid = seq, so newest first) and the walk
 * stops once the page is full, instead of first collecting every match: a common word costs
 * the same as a rare one.
 */
export function searchNewestFirst(q: StoriesQuery, dialect: Dialect, terms: string[], before: number | null): StoriesQuery {
  if (dialect === 'postgres') {
    return q
      .where(matchesSearch(dialect, terms))
      .$if(before !== null, (qb) => qb.where('s.seq', '<', before!))
      .orderBy('s.seq', 'desc');
  }
  // $if(true, …) lets the join add the FTS table while the builder keeps its own type.
  return q.$if(true, (qb) =>
    qb
      .innerJoin(sql<{ rowid: number }>`"storiesFts"`.as('f'), (join) => join.onRef('f.rowid', '=', 's.seq'))
      .where(sql<SqlBool>`f."storiesFts" match ${ftsQuery(terms)}`)
      .$if(before !== null, (inner) => inner.where('f.rowid', '<', before!))
      .orderBy('f.rowid', 'desc'),
  );
}
