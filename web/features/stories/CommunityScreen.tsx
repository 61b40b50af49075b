import { useId } from 'react';
import { BadgeCheck, Hash, SearchX, Users } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { keepPreviousData, type QueryClient } from '@tanstack/react-query';
import { communityFeed } from '@common/feeds/feeds';
import { GENRES, isGenre } from '@common/prompts/rules';
import { SEARCH_QUERY_MAX, STORY_SORTS, type StorySort } from '@common/stories/rules';
import { TAG_TEXTS } from '@common/tags/rules';
import { focusRing, iconTextLink, inputField, textLink } from '../../components/ui';
import { SearchField } from '../../components/SearchField';
import { FeedLink } from '../../components/FeedLink';
import { EmptyState } from '../../components/EmptyState';
import { SegmentedControl } from '../../components/SegmentedControl';
import { useCurrentUser } from '../../lib/auth';
import { useAddressFilters } from '../../lib/address-filters';
import { usePagedList } from '../../lib/paged-list';
import type { CommunityParams } from '../../lib/query-keys';
import { useWatch } from '../../lib/watch';
import { loginPathFor } from '../../lib/safe-next';
import { communityQuery } from './api/stories';
import { StoryGrid } from './StoryGrid';

const SORT_LABELS: Record<StorySort, string> = { newest: 'Newest', liked: 'Most liked' };

/** The list's parameters as the address gives them (an unknown genre or sort reads as none). */
function listParams(params: URLSearchParams): CommunityParams {
  const rawGenre = params.get('genre');
  return {
    q: params.get('q') ?? '',
    genre: isGenre(rawGenre) ? rawGenre : '',
    sort: params.get('sort') === 'liked' ? 'liked' : 'newest',
    perfect: params.get('perfect') === 'true',
  };
}

/**
 * Starts fetching the list the address asks for (the router calls it as the screen's loader),
 * so it is on its way while the app is still starting rather than after the screen rendered.
 */
export function prefetchCommunity(queryClient: QueryClient, params: URLSearchParams): void {
  void queryClient.prefetchInfiniteQuery(communityQuery(listParams(params)));
}

/**
 * /community: everyone's public stories: search, genre, newest or most liked, a page at a
 * time. Guests read it too (a shared link); they are offered a way in, back to this list.
 */
export function CommunityScreen() {
  const { params, typed, setTyped, setParam } = useAddressFilters();
  const { user } = useCurrentUser();
  // The cards' counts follow reactions and comments as they happen.
  useWatch('community');
  const location = useLocation();
  const { q, genre, sort, perfect } = listParams(params);
  const searchId = useId();
  const genreId = useId();

  const list = usePagedList({ ...communityQuery({ q, genre, sort, perfect }), placeholderData: keepPreviousData });
  const filtered = q !== '' || genre !== '' || perfect;

  return (
    <section aria-labelledby="screen-heading" data-testid="community-screen">
      <title>Community · Drabble</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl">
        Community
      </h1>
      <p className="mt-1 text-muted">Public stories from every Drabble writer.</p>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
        <FeedLink feed={communityFeed()} />
        <Link to="/tags" className={iconTextLink} data-testid="tags-link">
          <Hash aria-hidden className="size-4" />
          {TAG_TEXTS.trendingTitle}
        </Link>
      </div>
      {!user && (
        <p className="mt-2 text-sm text-muted" data-testid="community-guest-note">
          <Link to={loginPathFor(location.pathname + location.search)} className={textLink}>
            Log in
          </Link>{' '}
          to write your own, react, comment and keep favorites.
        </p>
      )}

      <div className="mt-6 flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 md:flex-row md:items-end" role="search">
        <div className="flex-1">
          <SearchField
            id={searchId}
            label="Search stories"
            value={typed}
            onChange={setTyped}
            maxLength={SEARCH_QUERY_MAX}
            placeholder="Words in a title or story"
            testId="community-search"
          />
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
        <button
          type="button"
          aria-pressed={perfect}
          onClick={() => setParam('perfect', perfect ? '' : 'true')}
          title="Only stories of exactly 100 words"
          className={`inline-flex items-center justify-center gap-1.5 self-start rounded-lg border px-3 py-2 text-sm font-medium md:self-auto ${focusRing} ${
            perfect ? 'border-accent-700 bg-accent-700 text-white' : 'border-line bg-surface text-muted hover:bg-subtle hover:text-fg'
          }`}
          data-testid="community-perfect"
        >
          <BadgeCheck aria-hidden className="size-4" />
          Perfect drabbles
        </button>
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
          headingLevel="h2"
          list={list}
          label="Community stories"
          empty={
            filtered ? (
              <EmptyState icon={<SearchX aria-hidden className="size-6" />} title="No stories match.">
                {perfect ? 'Try other words or another genre, or show every story, not only perfect drabbles.' : 'Try other words or another genre.'}
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
