import type { PagedList } from '../lib/paged-list';
import { secondaryButton } from './ui';

interface LoadMoreProps {
  list: PagedList<unknown>;
  label?: string;
  /** Shown when a further page failed to load; left out to say nothing. */
  failure?: string;
  /** Around the button (spacing, alignment). */
  className?: string;
  testId?: string;
  /** The small button of a popover or a nested list. */
  compact?: boolean;
}

/** The "Load more" button of a paged list, while pages remain. */
export function LoadMore({ list, label = 'Load more', failure, className, testId, compact = false }: LoadMoreProps) {
  return (
    <>
      {list.hasMore && (
        <div className={className}>
          <button type="button" className={compact ? `${secondaryButton} px-2.5 py-1 text-xs` : secondaryButton} onClick={list.loadMore} disabled={list.isLoadingMore} data-testid={testId}>
            {list.isLoadingMore ? 'Loading…' : label}
          </button>
        </div>
      )}
      {failure && list.loadMoreFailed && (
        <p role="alert" className={`mt-3 text-center text-red-700 dark:text-red-300 ${compact ? 'px-4 pb-3 text-xs' : 'text-sm'}`}>
          {failure}
        </p>
      )}
    </>
  );
}
