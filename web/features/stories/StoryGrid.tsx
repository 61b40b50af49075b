import { useDeferredValue, type ReactNode } from 'react';
import type { StorySummary } from '@common/stories/story';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { RefreshFailed } from '../../components/RefreshFailed';
import type { PagedList } from '../../lib/paged-list';
import { StoryCard } from './StoryCard';

interface StoryGridProps {
  list: PagedList<StorySummary>;
  empty: ReactNode;
  showFavorite?: boolean;
  showOwnerActions?: boolean;
  /** Label of the list for assistive technology. */
  label: string;
  /** Offer "Load more" while pages remain (off for a fixed number of recent stories). */
  paged?: boolean;
  /** The cards' titles: h2 right under a screen's h1, h3 under a section's h2 (the default). */
  headingLevel?: 'h2' | 'h3';
}

export function CardSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden data-testid="stories-loading">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="h-56 animate-pulse rounded-xl border border-line bg-surface p-5">
          <div className="flex items-center gap-3">
            <div className="size-8 rounded-full bg-subtle" />
            <div className="h-3 w-24 rounded bg-subtle" />
          </div>
          <div className="mt-4 h-5 w-2/3 rounded bg-subtle" />
          <div className="mt-4 space-y-2">
            <div className="h-3 rounded bg-subtle" />
            <div className="h-3 rounded bg-subtle" />
            <div className="h-3 w-1/2 rounded bg-subtle" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Story cards from a cursor-paged list (usePagedList), with a Load more button while pages remain. */
export function StoryGrid({ list, empty, showFavorite, showOwnerActions, label, paged = true, headingLevel }: StoryGridProps) {
  // A page of cards is the biggest render of a list screen: deferred, React renders it in
  // slices that keep the page responsive, showing what was there (the skeletons) meanwhile.
  const shown = useDeferredValue(list);
  // Read from the latest state, not the deferred one: it must not wait behind a page of cards.
  const stuck = list.refreshFailed && <RefreshFailed onRetry={list.refetch} className="mb-4" />;
  if (shown.status === 'pending') return stuck || <CardSkeletons />;
  if (shown.status === 'error' && !shown.items) return <LoadError message={shown.error.message} onRetry={shown.refetch} />;
  const stories = shown.items ?? [];
  if (stories.length === 0) {
    return (
      <>
        {stuck}
        {empty}
      </>
    );
  }
  return (
    <div>
      {stuck}
      <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="story-list">
        {/* Cards below the fold skip style, layout and paint until scrolled near (content-visibility),
            the longest task of a list's first load otherwise; a card's last size is kept meanwhile. */}
        {stories.map((story) => (
          <li key={story.id} className="flex [contain-intrinsic-size:auto_16rem] [content-visibility:auto]">
            <div className="flex w-full flex-col [&>article]:flex-1">
              <StoryCard story={story} showFavorite={showFavorite} showOwnerActions={showOwnerActions} headingLevel={headingLevel} />
            </div>
          </li>
        ))}
      </ul>
      {paged && <LoadMore list={list} className="mt-6 flex justify-center" testId="load-more" failure="Could not load more stories. Please try again." refreshNotice={false} />}
    </div>
  );
}
