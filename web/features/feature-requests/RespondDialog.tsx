import { useId } from 'react';
import { FEATURE_REQUEST_TEXTS, RESPONSE_TEXT_MAX, featureResponseInputSchema, type AdminFeatureRequest } from '@common/feature-requests/feature-requests';
import { displayLabel } from '@common/account/names';
import { formatDate } from '../../lib/format';
import { useRespond } from './api';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { CountedTextarea } from '../../components/CountedTextarea';
import { FormDialog } from '../../components/FormDialog';

interface RespondDialogProps {
  request: AdminFeatureRequest;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Spec section 2: 'Respond to Feature Request' with the original request, a text area,
 * Cancel and Send Response. What was typed stays when sending fails.
 */
export function RespondDialog({ request, open, onOpenChange }: RespondDialogProps) {
  const respond = useRespond();
  const fieldId = useId();
  const form = useSchemaForm(featureResponseInputSchema, {
    initial: { text: '' },
    fallback: 'Please check your response.',
    soleField: 'text',
    onSubmit: ({ text }) => respond.mutate({ id: request.id, text }, { onSuccess: close }),
  });

  const close = () => {
    form.setValues({ text: '' });
    onOpenChange(false);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={FEATURE_REQUEST_TEXTS.respondTitle}
      description={
        <figure className="rounded-lg border-l-4 border-accent-500 bg-subtle px-4 py-3" data-testid="original-request">
          <figcaption className="text-xs text-muted">
            {displayLabel(request.user)} asked on {formatDate(request.created_at)}
          </figcaption>
          <blockquote className="mt-1 max-h-40 overflow-y-auto text-sm break-words whitespace-pre-wrap text-fg">{request.text}</blockquote>
        </figure>
      }
      descriptionAsChild
      error={form.error}
      errorId={form.errorId}
      pending={respond.isPending}
      submitLabel="Send Response"
      pendingLabel="Sending..."
      submitDisabled={form.values.text.trim() === ''}
      onSubmit={form.submit}
      testId="respond-dialog"
      submitTestId="send-response"
    >
      <CountedTextarea
        id={fieldId}
        label="Your response"
        value={form.values.text}
        onValue={(value) => form.setValue('text', value)}
        max={RESPONSE_TEXT_MAX}
        rows={5}
        placeholder="Write your response to the user..."
        {...form.marks('text')}
        data-testid="response-input"
      />
    </FormDialog>
  );
}
