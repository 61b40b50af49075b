import { secondaryButton } from './ui';

export const REFRESH_FAILED = "Couldn't refresh. Check your connection.";

/**
 * A list that could not be brought up to date (PagedList.refreshFailed): what it shows is as it
 * was, so it says so, with Retry, rather than staying dimmed or spinning without end.
 */
export function RefreshFailed({ onRetry, className = '' }: { onRetry: () => void; className?: string }) {
  return (
    <div
      role="alert"
      className={`flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2.5 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100 ${className}`}
      data-testid="refresh-failed"
    >
      <p>{REFRESH_FAILED}</p>
      <button type="button" onClick={onRetry} className={`${secondaryButton} py-1`}>
        Retry
      </button>
    </div>
  );
}
