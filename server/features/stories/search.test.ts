import { beforeAll, describe, expect, it } from 'vitest';
import type { CompiledQuery } from 'kysely';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import type { Viewer } from '../../policy/viewer';
import { selectStories } from './queries';
import { matchesSearch, searchPage, searchTerms, type ListKey, type ListRow, type Runner, type SearchPageRequest } from './queries/search';
import { postStory } from './test-support';

type Sort = SearchPageRequest['sort'];

/**
 * searchPage picks its plan per page (a window of the list walked in order, then the text
 * index below it): whatever it picks, every page must be the one the plain query gives,
 * cursors included.
 */
describe.each(testDialects())('search pages on %s', (dialect) => {
  const api = useTestServer(dialect, { people: ['ada', 'bob', 'dan', 'carol'] });
  beforeAll(async () => {
    const writers = [api.ada, api.bob, api.dan];
    for (let i = 0; i < 42; i++) {
      const words = [
        i % 5 === 0 ? 'harbour' : 'ember', // ember: most stories
        i % 4 === 0 ? 'tide' : '', // a quarter
        i === 7 || i === 30 ? 'zephyr' : '', // two
        i % 3 === 0 ? 'lighthouse' : i % 3 === 1 ? 'lightning' : 'dusk', // "ligh": two thirds
        i % 6 === 0 ? 'Café' : '',
      ];
      const story = await postStory(writers[i % 3]!.client, { public: i % 7 !== 3, title: `Story ${i}`, content: `${words.filter(Boolean).join(' ')} number ${i}.`, prompt: null });
      // Ties in likes, so the seq tie-break is exercised.
      await api.server.ctx.db.updateTable('stories').set({ likesCount: (i * 7) % 5 }).where('id', '=', story.id).execute();
    }
    // Carol blocks Dan: his stories are in every window but in none of Carol's pages.
    await api.server.ctx.db.insertInto('blocks').values({ blockerUid: api.carol.uid, blockedUid: api.dan.uid, created_at: new Date().toISOString() }).execute();
  });

  const base = (viewer: Viewer) => selectStories(api.server.ctx.db, viewer, { publicOnly: true, excludeMuted: true });
  const keyOf = (row: ListRow): ListKey => ({ likes: Number(row.likesCount), seq: Number(row.seq) });

  /** The plain query: the text index's matches, sorted and paged. */
  async function plainPage(viewer: Viewer, sort: Sort, terms: string[], after: ListKey | null, rows: number): Promise<ListRow[]> {
    let q = base(viewer).where(matchesSearch(dialect, terms));
    if (after) {
      q = sort === 'liked'
        ? q.where(({ eb, refTuple, tuple }) => eb(refTuple('s.likesCount', 's.seq'), '<', tuple(after.likes, after.seq)))
        : q.where('s.seq', '<', after.seq);
    }
    q = sort === 'liked' ? q.orderBy('s.likesCount', 'desc').orderBy('s.seq', 'desc') : q.orderBy('s.seq', 'desc');
    return q.limit(rows).execute();
  }

  /** Every page's ids, following the last row's key as the next cursor. */
  async function allPages(fetch: (after: ListKey | null) => Promise<ListRow[]>, limit: number): Promise<string[][]> {
    const pages: string[][] = [];
    let after: ListKey | null = null;
    for (let n = 0; n < 100; n++) {
      const rows = await fetch(after);
      const page = rows.slice(0, limit);
      pages.push(page.map((r) => r.id));
      if (rows.length <= limit) return pages;
      after = keyOf(page.at(-1)!);
    }
    throw new Error('too many pages');
  }

  const searches = ['ember', 'tide', 'zephyr', 'ligh', 'cafe', 'ember tide', 'lighthouse cafe', 'nothing'];

  it.each(['newest', 'liked'] as const)('gives the plain query\'s pages, cursors included, sorting by %s', async (sort) => {
    const compared: string[] = [];
    for (const viewer of [null, { uid: api.carol.uid, admin: false }]) {
      for (const search of searches) {
        const terms = searchTerms(search);
        for (const limit of [1, 4]) {
          const expected = await allPages((after) => plainPage(viewer, sort, terms, after, limit + 1), limit);
          for (const window of [1, 3, 10, 1_000]) {
            const actual = await allPages(
              (after) => searchPage(api.server.ctx.db, dialect, base(viewer), { sort, terms, after, rows: limit + 1, scope: {}, window }),
              limit,
            );
            expect(actual, `${search}, limit ${limit}, window ${window}, ${viewer ? 'carol' : 'guest'}`).toEqual(expected);
          }
          compared.push(...expected.flat());
        }
      }
    }
    // The fixture really has matches to compare, hidden ones included.
    expect(new Set(compared).size).toBeGreaterThan(20);
  });

  it('keeps a genre filter and a writer filter in the window', async () => {
    const ids = async (rows: Promise<ListRow[]>) => (await rows).map((r) => r.id);
    const byAda = base(null).where('s.uid', '=', api.ada.uid);
    for (const sort of ['newest', 'liked'] as const) {
      const terms = searchTerms('ember');
      const plain = await ids(
        (sort === 'liked' ? byAda.orderBy('s.likesCount', 'desc').orderBy('s.seq', 'desc') : byAda.orderBy('s.seq', 'desc'))
          .where(matchesSearch(dialect, terms))
          .limit(50)
          .execute(),
      );
      expect(plain.length).toBeGreaterThan(5);
      expect(await ids(searchPage(api.server.ctx.db, dialect, byAda, { sort, terms, after: null, rows: 50, scope: { author: api.ada.uid }, window: 2 }))).toEqual(plain);
      // A genre no story has: the window is empty, and so is the page.
      const inGenre = base(null).where('s.promptGenre', '=', 'Horror');
      expect(await ids(searchPage(api.server.ctx.db, dialect, inGenre, { sort, terms, after: null, rows: 50, scope: { genre: 'Horror' }, window: 2 }))).toEqual([]);
    }
  });

  it('walks the window for a common word and asks the text index only for a rare one', async () => {
    const statements = async (sort: Sort, search: string) => {
      const ran: CompiledQuery[] = [];
      const record: Runner = (statement) => {
        ran.push(statement.compile());
        return statement.execute();
      };
      const rows = await searchPage(api.server.ctx.db, dialect, base(null), { sort, terms: searchTerms(search), after: null, rows: 3, scope: {}, window: 6 }, record);
      return { count: ran.length, rows: rows.length };
    };
    if (dialect === 'sqlite') {
      // FTS5 walks its own index newest first: one statement whatever the word.
      expect(await statements('newest', 'ember')).toEqual({ count: 1, rows: 3 });
      expect(await statements('newest', 'zephyr')).toEqual({ count: 1, rows: 2 });
    } else {
      expect(await statements('newest', 'ember')).toEqual({ count: 2, rows: 3 });
      expect(await statements('newest', 'zephyr')).toEqual({ count: 3, rows: 2 });
    }
    expect(await statements('liked', 'ember')).toEqual({ count: 2, rows: 3 });
    expect(await statements('liked', 'zephyr')).toEqual({ count: 3, rows: 2 });
  });
});
