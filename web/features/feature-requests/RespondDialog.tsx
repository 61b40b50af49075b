import { useId, useState } from 'react';
import { FEATURE_REQUEST_TEXTS, RESPONSE_TEXT_MAX, featureResponseInputSchema, type AdminFeatureRequest } from '@common/feature-requests/feature-requests';
import { displayLabel } from '@common/account/names';
import { formatDate } from '../../lib/format';
import { useRespond } from './api';
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
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const respond = useRespond();
  const fieldId = useId();
  const errorId = useId();

  const close = () => {
    setText('');
    setError(null);
    onOpenChange(false);
  };

  const send = () => {
    const parsed = featureResponseInputSchema.safeParse({ text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check your response.');
    setError(null);
    respond.mutate({ id: request.id, text: parsed.data.text }, { onSuccess: close });
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
      error={error}
      errorId={errorId}
      pending={respond.isPending}
      submitLabel="Send Response"
      pendingLabel="Sending..."
      submitDisabled={text.trim() === ''}
      onSubmit={send}
      testId="respond-dialog"
      submitTestId="send-response"
    >
      <CountedTextarea
        id={fieldId}
        label="Your response"
        value={text}
        onValue={(value) => {
          setText(value);
          setError(null);
        }}
        max={RESPONSE_TEXT_MAX}
        rows={5}
        placeholder="Write your response to the user..."
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid="response-input"
      />
    </FormDialog>
  );
}
