import { useEffect, useId, useState } from 'react';
import { Search, SearchX, Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { keepPreviousData } from '@tanstack/react-query';
import { GENRES, isGenre } from '@common/prompts';
import { SEARCH_QUERY_MAX, STORY_SORTS, type StorySort } from '@common/story';
import { inputField } from '../../components/ui';
import { EmptyState } from '../../components/EmptyState';
import { SegmentedControl } from '../../components/SegmentedControl';
import { usePagedList } from '../../lib/paged-list';
import { communityQuery, StoryGrid } from '../stories';

const SEARCH_DELAY_MS = 300;
const SORT_LABELS: Record<StorySort, string> = { newest: 'Newest', liked: 'Most liked' };

function withParam(current: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(current);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

/** /community: everyone's public stories: search, genre, newest or most liked, a page at a time. */
export function CommunityScreen() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const rawGenre = params.get('genre');
  const genre = isGenre(rawGenre) ? rawGenre : '';
  const sort: StorySort = params.get('sort') === 'liked' ? 'liked' : 'newest';
  const [typed, setTyped] = useState(q);
  const searchId = useId();
  const genreId = useId();

  const setParam = (name: string, value: string) => setParams((current) => withParam(current, name, value), { replace: true });

  // The search runs once typing pauses; the address keeps it for reloads and sharing.
  useEffect(() => {
    const next = typed.trim();
    if (next === q) return undefined;
    const timer = window.setTimeout(() => setParams((current) => withParam(current, 'q', next), { replace: true }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed, q, setParams]);

  const list = usePagedList({ ...communityQuery({ q, genre, sort }), placeholderData: keepPreviousData });
  const filtered = q !== '' || genre !== '';

  return (
    <section aria-labelledby="screen-heading">
      <title>Community · Drabble</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl">
        Community
      </h1>
      <p className="mt-1 text-muted">Public stories from every Drabble writer.</p>

      <div className="mt-6 flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 md:flex-row md:items-end" role="search">
        <div className="flex-1">
          <label htmlFor={searchId} className="text-sm font-medium text-fg">
            Search stories
          </label>
          <div className="relative mt-1">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
            <input
              id={searchId}
              type="search"
              value={typed}
              maxLength={SEARCH_QUERY_MAX}
              onChange={(event) => setTyped(event.target.value)}
              placeholder="Words in a title or story"
              className={`${inputField} pl-9`}
              data-testid="community-search"
            />
          </div>
        </div>
        <div>
          <label htmlFor={genreId} className="text-sm font-medium text-fg">
            Genre
          </label>
          <select id={genreId} value={genre} onChange={(event) => setParam('genre', event.target.value)} className={`${inputField} mt-1 md:w-48`} data-testid="community-genre">
            <option value="">All genres</option>
            {GENRES.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </div>
        <SegmentedControl
          label="Sort"
          options={STORY_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
          value={sort}
          onChange={(value) => setParam('sort', value === 'newest' ? '' : value)}
          testId="community-sort"
        />
      </div>

      <div className={`mt-6 transition-opacity ${list.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={list.isFetching}>
        <StoryGrid
          list={list}
          label="Community stories"
          empty={
            filtered ? (
              <EmptyState icon={<SearchX aria-hidden className="size-6" />} title="No stories match.">
                Try other words or another genre.
              </EmptyState>
            ) : (
              <EmptyState icon={<Users aria-hidden className="size-6" />} title="No public stories yet.">
                Stories appear here when writers make them public.
              </EmptyState>
            )
          }
        />
      </div>
    </section>
  );
}
