import { Suspense, useId, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { GRACE_DAYS } from '@common/moderation/moderation';
import { YOUR_DATA_TEXTS } from '@common/your-data/your-data';
import { dangerButton } from '../../components/ui';
import { onDemand } from '../../lib/on-demand';
import { card } from '../../components/ui';

// Radix's dialog code loads when someone first asks to delete, not with Settings.
const dialog = onDemand(() => import('./DeleteAccountDialog'));
const DeleteAccountDialog = dialog.component((m) => m.DeleteAccountDialog);

/** Settings: "Delete my account", what happens, and the dialog where the email is typed. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  // Once opened the dialog stays mounted, so closing returns focus as Radix does.
  const [used, setUsed] = useState(false);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} id="delete-account" className={`${card} min-w-0 scroll-mt-20`} data-testid="delete-account-section">
      <h2 id={headingId} className="text-lg font-semibold text-fg">
        {YOUR_DATA_TEXTS.deleteAccount}
      </h2>
      <div className="mt-1 space-y-2 text-sm text-muted">
        <p>
          Your account is deactivated at once: you are signed out everywhere, and your profile and stories are hidden. It is deleted for good
          after {GRACE_DAYS} days. Until then you can sign in and choose “{YOUR_DATA_TEXTS.cancelDeletion}” to get everything back.
        </p>
        <p>
          When it is deleted, your stories, reactions, favorites, follows and notifications are removed. Your comments on other people’s
          stories stay as “{YOUR_DATA_TEXTS.deletedComment}” so conversations still make sense, and your messages show as “Message deleted”.
          Download your data first if you want to keep it.
        </p>
      </div>
      <button
        type="button"
        className={`${dangerButton} mt-4`}
        data-testid="delete-account"
        onPointerEnter={dialog.warm}
        onFocus={dialog.warm}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Trash2 aria-hidden className="size-4" />
        {YOUR_DATA_TEXTS.deleteAccount}
      </button>
      {used && (
        <Suspense fallback={null}>
          <DeleteAccountDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </section>
  );
}
