import { useId, type ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { card, primaryButton, secondaryButton } from '../../components/ui';

export const smallButton = 'px-3 py-1.5';

interface SettingsSectionProps {
  /** Its anchor (sections.ts): `#id` links here, and the index names it by `title`. */
  id: string;
  title: string;
  description?: ReactNode;
  testId?: string;
  /** Left out while the account is loading: a placeholder shows instead. */
  children?: ReactNode;
}

/** One card of /settings: a region named by its heading, with an anchor the index links to (clear of the sticky top bar). */
export function SettingsSection({ id, title, description, testId, children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className={`${card} min-w-0 scroll-mt-20`} data-testid={testId}>
      <h2 id={headingId} className="text-lg font-semibold text-fg">
        {title}
      </h2>
      {description && <div className="mt-1 text-sm text-muted">{description}</div>}
      <div className="mt-4">
        {children ?? (
          <div className="space-y-3" aria-hidden>
            <div className="h-5 w-2/3 animate-pulse rounded bg-subtle" />
            <div className="h-10 animate-pulse rounded-md bg-subtle" />
          </div>
        )}
      </div>
    </section>
  );
}

/** A form step's two buttons: go on, or back to where the section was. */
export function SubmitOrCancel({ label, pending, onCancel }: { label: string; pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex gap-2">
      <button type="submit" disabled={pending} className={primaryButton}>
        {label}
      </button>
      <button type="button" onClick={onCancel} className={secondaryButton}>
        Cancel
      </button>
    </div>
  );
}

/** What could not be loaded, in words, with Try again (`rounded-xl` when it stands for the whole screen, as a card does). */
export function LoadFailed({ what, onRetry, rounded = 'rounded-lg' }: { what: string; onRetry: () => void; rounded?: 'rounded-lg' | 'rounded-xl' }) {
  return (
    <div role="alert" className={`${rounded} border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200`}>
      <p>{what} could not be loaded.</p>
      <button type="button" className={`${secondaryButton} ${smallButton} mt-3`} onClick={onRetry}>
        <RefreshCw aria-hidden className="size-4" />
        Try again
      </button>
    </div>
  );
}
