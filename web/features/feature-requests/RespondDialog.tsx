import { useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { FEATURE_REQUEST_TEXTS, RESPONSE_TEXT_MAX, featureResponseInputSchema, type AdminFeatureRequest } from '@common/feature-request';
import { displayLabel } from '@common/names';
import { primaryButton, secondaryButton, dialogOverlay, dialogPanelScrolling } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { useRespond } from './api';
import { DialogHeader } from '../../components/DialogHeader';
import { CountedTextarea } from '../../components/CountedTextarea';

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
  const empty = text.trim() === '';

  const close = () => {
    setText('');
    setError(null);
    onOpenChange(false);
  };
  const changeOpen = (next: boolean) => {
    if (next) onOpenChange(true);
    // Closing while the response is on its way would hide whether it arrived.
    else if (!respond.isPending) close();
  };

  const send = () => {
    const parsed = featureResponseInputSchema.safeParse({ text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check your response.');
    setError(null);
    respond.mutate({ id: request.id, text: parsed.data.text }, { onSuccess: close });
  };

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlay} />
        <Dialog.Content
          data-testid="respond-dialog"
          className={dialogPanelScrolling}
        >
          <DialogHeader title={FEATURE_REQUEST_TEXTS.respondTitle} closeDisabled={respond.isPending} />
          <form
            noValidate
            className="flex min-h-0 flex-1 flex-col"
            onSubmit={(event) => {
              event.preventDefault();
              send();
            }}
          >
            <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-5 py-4">
              <Dialog.Description asChild>
                <figure className="rounded-lg border-l-4 border-accent-500 bg-subtle px-4 py-3" data-testid="original-request">
                  <figcaption className="text-xs text-muted">
                    {displayLabel(request.user)} asked on {formatDate(request.created_at)}
                  </figcaption>
                  <blockquote className="mt-1 max-h-40 overflow-y-auto text-sm break-words whitespace-pre-wrap text-fg">{request.text}</blockquote>
                </figure>
              </Dialog.Description>
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
              >
                {error && (
                  <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
                    {error}
                  </p>
                )}
              </CountedTextarea>
            </div>
            <div className="flex flex-col-reverse gap-2 border-t border-line px-5 py-4 sm:flex-row sm:justify-end">
              <Dialog.Close type="button" className={secondaryButton} disabled={respond.isPending}>
                Cancel
              </Dialog.Close>
              <button type="submit" className={primaryButton} disabled={empty || respond.isPending} data-testid="send-response">
                {respond.isPending ? 'Sending...' : 'Send Response'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
