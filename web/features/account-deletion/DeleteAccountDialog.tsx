import { useId, useState } from 'react';
import { GRACE_DAYS } from '@common/moderation/moderation';
import { YOUR_DATA_TEXTS, deletionRequestSchema } from '@common/your-data/your-data';
import { inputField } from '../../components/ui';
import { FormDialog } from '../../components/FormDialog';
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
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      title="Delete your account?"
      description={
        <>
          You will be signed out everywhere and your profile and stories hidden at once. Your account is deleted for good in {GRACE_DAYS} days unless you sign in and
          choose “{YOUR_DATA_TEXTS.cancelDeletion}”.
        </>
      }
      error={error}
      errorId={errorId}
      pending={request.isPending}
      submitLabel={YOUR_DATA_TEXTS.deleteAccount}
      pendingLabel="Deleting…"
      tone="danger"
      onSubmit={submit}
      narrow
      testId="delete-account-dialog"
      submitTestId="delete-account-confirm"
    >
      <div className="flex flex-col gap-1.5">
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
      </div>
    </FormDialog>
  );
}
