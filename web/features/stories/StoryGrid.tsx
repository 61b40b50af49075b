import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { StoryPage } from '@common/story';
import { secondaryButton } from '../../app/ui';
import { StoryCard } from './StoryCard';

interface StoryGridProps {
  query: UseInfiniteQueryResult<InfiniteData<StoryPage>>;
  empty: ReactNode;
  showFavorite?: boolean;
  showOwnerActions?: boolean;
  /** Label of the list for assistive technology. */
  label: string;
  /** Offer "Load more" while pages remain (off for a fixed number of recent stories). */
  paged?: boolean;
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

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      <p>{message}</p>
      <button type="button" onClick={onRetry} className={`${secondaryButton} mt-3`}>
        Try again
      </button>
    </div>
  );
}

/** Story cards from a cursor-paged list, with a Load more button while pages remain. */
export function StoryGrid({ query, empty, showFavorite, showOwnerActions, label, paged = true }: StoryGridProps) {
  if (query.isPending) return <CardSkeletons />;
  if (query.isError) return <LoadError message={query.error.message} onRetry={() => void query.refetch()} />;
  const stories = query.data.pages.flatMap((page) => page.stories);
  if (stories.length === 0) return <>{empty}</>;
  return (
    <div>
      <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="story-list">
        {stories.map((story) => (
          <li key={story.id} className="flex">
            <div className="flex w-full flex-col [&>article]:flex-1">
              <StoryCard story={story} showFavorite={showFavorite} showOwnerActions={showOwnerActions} />
            </div>
          </li>
        ))}
      </ul>
      {paged && query.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <button type="button" className={secondaryButton} onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="load-more">
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
      {query.isFetchNextPageError && <p role="alert" className="mt-3 text-center text-sm text-red-700 dark:text-red-300">Could not load more stories. Please try again.</p>}
    </div>
  );
}

export function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-line bg-surface px-6 py-12 text-center" data-testid="empty-state">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-soft-ink">{icon}</div>
      <p className="mt-4 font-semibold text-fg">{title}</p>
      {children && <div className="mt-2 text-sm text-muted">{children}</div>}
    </div>
  );
}
