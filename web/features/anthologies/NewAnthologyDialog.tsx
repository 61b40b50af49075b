import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ANTHOLOGY_TEXTS, anthologyPath } from '@common/anthologies/anthologies';
import { FormDialog } from '../../components/FormDialog';
import { formErrorMessage } from '../../lib/errors';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { anthologyKeys, createAnthology } from './api';
import { useAnthologyFields } from './AnthologyForm';

/** "New anthology": its fields; once made, its page. */
export function NewAnthologyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useAnthologyFields();
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const mutation = useApiMutation({
    request: () => createAnthology({ ...form.values, title: form.values.title.trim() }),
    success: (anthology) => `${anthology.title} is open`,
    failure: false,
    onSuccess: async (anthology, _v, queryClient) => {
      await invalidateAll(queryClient, [anthologyKeys.all]);
      onOpenChange(false);
      form.reset();
      await navigate(anthologyPath(anthology.id));
    },
    onError: (e) => setError(formErrorMessage(e)),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
      title={ANTHOLOGY_TEXTS.newAnthology}
      description="A themed collection other writers can add their drabbles to. You can name up to five co-editors once it is open."
      error={error}
      errorId="new-anthology-error"
      pending={mutation.isPending}
      submitLabel="Open the anthology"
      pendingLabel="Opening…"
      submitDisabled={!form.valid}
      onSubmit={() => form.valid && mutation.mutate(undefined)}
      testId="new-anthology-dialog"
      submitTestId="new-anthology-submit"
    >
      {form.fields}
    </FormDialog>
  );
}
