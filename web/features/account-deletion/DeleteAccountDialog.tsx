import { useId } from 'react';
import { GRACE_DAYS } from '@common/moderation/moderation';
import { YOUR_DATA_TEXTS, deletionRequestSchema } from '@common/your-data/your-data';
import { inputField } from '../../components/ui';
import { FormDialog } from '../../components/FormDialog';
import { formErrorMessage } from '../../lib/errors';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
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
  const request = useRequestDeletion();
  const fieldId = useId();
  const form = useSchemaForm(deletionRequestSchema, {
    initial: { email: '' },
    fallback: 'Please type your email.',
    soleField: 'email',
    clearOnEdit: false,
    onSubmit: (confirmation) => request.mutate(confirmation, { onError: (failure) => form.refuse(formErrorMessage(failure)) }),
  });

  const changeOpen = (next: boolean) => {
    if (!next) {
      form.setValues({ email: '' });
      form.clearError();
    }
    onOpenChange(next);
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
      error={form.error}
      errorId={form.errorId}
      pending={request.isPending}
      submitLabel={YOUR_DATA_TEXTS.deleteAccount}
      pendingLabel="Deleting…"
      tone="danger"
      onSubmit={form.submit}
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
          {...form.field('email')}
          data-testid="delete-account-email"
          className={inputField}
        />
      </div>
    </FormDialog>
  );
}
