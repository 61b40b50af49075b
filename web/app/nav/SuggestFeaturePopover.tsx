import { useId, useState, type FormEvent, type ReactElement } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { useQueryClient } from '@tanstack/react-query';
import { featureRequestContracts } from '@common/feature-requests/contract';
import { EMPTY_SUGGESTION_MESSAGE, SUGGESTION_THANKS } from '@common/feature-requests/feature-requests';
import { useToast } from '../../components/toasts/toast-context';
import { inputField, popoverPanel, primaryButton, secondaryButton } from '../../components/ui';
import { isApiError } from '../../lib/api';
import { callRoute } from '../../lib/call-route';
import { logEvent } from '../../lib/event-log';
import { featureRequestKeys } from '../../lib/query-keys';
import { MySuggestions } from '../../features/feature-requests';
import { ErrorText } from '../../components/ErrorText';

const FALLBACK_FAILURE = 'Could not submit your feature request. Please try again.';

/**
 * Spec section 2: the Suggest a Feature popover, loaded when the stand-in (SuggestFeature.tsx)
 * is first used, and opened at once. An empty suggestion is refused here and
 * nothing is sent; a failure keeps the text for another try. Below the form, the person's
 * own suggestions and their status.
 */
export function SuggestFeaturePopover({ trigger }: { trigger: ReactElement }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(true);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const fieldId = useId();
  const errorId = useId();

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) setError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setError(EMPTY_SUGGESTION_MESSAGE);
      return;
    }
    setSubmitting(true);
    try {
      const { featureRequest } = await callRoute(featureRequestContracts.submit, { body: { text: trimmed } });
      // The server logged the request with the text; this records the person's action.
      void logEvent({ type: 'feature_request', action: 'submit', resource: `featureRequests/${featureRequest.id}` });
      toast(SUGGESTION_THANKS, 'success');
      setText('');
      changeOpen(false);
      void queryClient.invalidateQueries({ queryKey: featureRequestKeys.mine });
    } catch (failure) {
      toast(isApiError(failure) ? failure.message : FALLBACK_FAILURE, 'error');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={changeOpen}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Feature suggestion"
          className={`${popoverPanel} max-h-[var(--radix-popover-content-available-height)] w-[min(22rem,calc(100vw-1rem))] overflow-y-auto`}>
          <form onSubmit={submit} noValidate className="flex flex-col gap-3">
            <label htmlFor={fieldId} className="text-sm font-semibold">
              Your feature idea
            </label>
            <textarea
              id={fieldId}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (error) setError(null);
              }}
              placeholder="Describe your feature idea..."
              rows={4}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={`${inputField} resize-y`}
            />
            {error && (
              <ErrorText id={errorId}>
                {error}
              </ErrorText>
            )}
            <div className="flex justify-end gap-2">
              <Popover.Close type="button" className={secondaryButton}>
                Cancel
              </Popover.Close>
              <button type="submit" disabled={submitting} className={primaryButton}>
                Submit
              </button>
            </div>
          </form>
          <MySuggestions onNavigate={() => changeOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
