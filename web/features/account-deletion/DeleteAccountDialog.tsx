import { useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { GRACE_DAYS } from '@common/moderation';
import { YOUR_DATA_TEXTS, deletionRequestSchema } from '@common/your-data';
import { dangerButton } from '../../components/ConfirmDialog';
import { dialogOverlay, dialogPanel, iconButton, inputField, secondaryButton } from '../../components/ui';
import { formErrorMessage } from '../../lib/errors';
import { useRequestDeletion } from './api';

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The typed confirmation: the account's own email. A refusal (wrong address, the only admin)
 * shows beside the field and what was typed stays.
 */
export function DeleteAccountDialog({ open, onOpenChange }: DeleteAccountDialogProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestDeletion((failure) => setError(formErrorMessage(failure)));
  const fieldId = useId();
  const errorId = useId();

  const changeOpen = (next: boolean) => {
    // Closing while the request is on its way would hide whether it went through.
    if (!next && request.isPending) return;
    if (!next) {
      setEmail('');
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = () => {
    const parsed = deletionRequestSchema.safeParse({ email });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please type your email.');
    setError(null);
    request.mutate(parsed.data);
  };

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlay} />
        <Dialog.Content data-testid="delete-account-dialog" className={`${dialogPanel} max-w-md p-6`}>
          <div className="flex items-start justify-between gap-2">
            <Dialog.Title className="text-lg font-semibold text-fg">Delete your account?</Dialog.Title>
            <Dialog.Close className={`${iconButton} -mt-1 -mr-2`} aria-label="Close" disabled={request.isPending}>
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-muted">
            You will be signed out everywhere and your profile and stories hidden at once. Your account is deleted for good in {GRACE_DAYS}{' '}
            days unless you sign in and choose “{YOUR_DATA_TEXTS.cancelDeletion}”.
          </Dialog.Description>
          <form
            noValidate
            className="mt-4 flex flex-col gap-1.5"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <label htmlFor={fieldId} className="text-sm font-semibold text-fg">
              {YOUR_DATA_TEXTS.deleteConfirmLabel}
            </label>
            <input
              id={fieldId}
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              data-testid="delete-account-email"
              className={inputField}
            />
            {error && (
              <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-300">
                {error}
              </p>
            )}
            <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close className={secondaryButton} disabled={request.isPending}>
                Cancel
              </Dialog.Close>
              <button type="submit" className={dangerButton} disabled={request.isPending} data-testid="delete-account-confirm">
                {request.isPending ? 'Deleting…' : YOUR_DATA_TEXTS.deleteAccount}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
