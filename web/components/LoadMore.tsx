import type { PagedList } from '../lib/paged-list';
import { RefreshFailed } from './RefreshFailed';
import { secondaryButton } from './ui';
import { ErrorText } from './ErrorText';

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
  /** Say here when the list could not be brought up to date; off where the list says it above itself (StoryGrid). */
  refreshNotice?: boolean;
}

/** The "Load more" button of a paged list, while pages remain; and a notice when the list could not be refreshed. */
export function LoadMore({ list, label = 'Load more', failure, className, testId, compact = false, refreshNotice = true }: LoadMoreProps) {
  return (
    <>
      {refreshNotice && list.refreshFailed && <RefreshFailed onRetry={list.refetch} className={compact ? 'mx-4 mb-3' : 'mt-4'} />}
      {list.hasMore && (
        <div className={className}>
          <button type="button" className={compact ? `${secondaryButton} px-2.5 py-1 text-xs` : secondaryButton} onClick={list.loadMore} disabled={list.isLoadingMore} data-testid={testId}>
            {list.isLoadingMore ? 'Loading…' : label}
          </button>
        </div>
      )}
      {failure && list.loadMoreFailed && (
        <ErrorText small={compact} className={`mt-3 text-center ${compact ? 'px-4 pb-3' : ''}`}>
          {failure}
        </ErrorText>
      )}
    </>
  );
}
