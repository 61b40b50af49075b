import { Download, LogOut, RotateCcw } from 'lucide-react';
import { YOUR_DATA_TEXTS } from '@common/your-data/your-data';
import { card, primaryButton, secondaryButton } from '../../components/ui';
import { useCurrentUser, useSignOut } from '../../lib/auth';
import { deletionDate, useCancelDeletion } from './api';

/**
 * Instead of the app while the signed-in account is deactivated (`user.deactivatedAt`): when it
 * goes, and the three things it may still do (cancel, download everything, sign out); every
 * other request would be refused.
 */
export function DeactivatedScreen() {
  const { user } = useCurrentUser();
  const cancel = useCancelDeletion();
  const signOut = useSignOut();
  const date = user?.deleteAfter ? deletionDate(user.deleteAfter) : '';
  return (
    <div className="mx-auto w-full max-w-xl" data-testid="deactivated-screen">
      <title>Account deactivated · Drabble</title>
      <section aria-labelledby="screen-heading" className={card}>
        <h1 id="screen-heading" className="text-2xl font-bold text-fg">
          Account deactivated
        </h1>
        <p className="mt-3 text-fg" data-testid="deactivated-message">
          {YOUR_DATA_TEXTS.deletionScheduled(date)}
        </p>
        <p className="mt-2 text-sm text-muted">
          Your profile and stories are hidden. Cancel the deletion to get everything back as it was, or download your data before it goes.
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <button
            type="button"
            className={primaryButton}
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(undefined)}
            data-testid="cancel-deletion"
          >
            <RotateCcw aria-hidden className="size-4" />
            {cancel.isPending ? 'Cancelling…' : YOUR_DATA_TEXTS.cancelDeletion}
          </button>
          <a href="/api/export/download" download className={secondaryButton} data-testid="download-everything">
            <Download aria-hidden className="size-4" />
            {YOUR_DATA_TEXTS.downloadEverything}
          </a>
          <button type="button" className={secondaryButton} onClick={() => void signOut()} data-testid="deactivated-sign-out">
            <LogOut aria-hidden className="size-4" />
            Sign out
          </button>
        </div>
      </section>
    </div>
  );
}
