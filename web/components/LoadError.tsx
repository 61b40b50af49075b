import { secondaryButton } from './ui';

/** A load that failed: the reason, and a way to try again. */
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
