import { useId, useRef } from 'react';
import { SendHorizontal } from 'lucide-react';
import { messageInputSchema } from '@common/messages/messages';
import { MESSAGE_TEXT_MAX } from '@common/messages/rules';
import { inputField, primaryButton } from '../../components/ui';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { loadDraft, saveDraft } from './outbox';
import { ErrorText } from '../../components/ErrorText';

interface ReplyBoxProps {
  /** Where the draft is kept (outbox.ts draftKey): restored on return, cleared once sent. */
  draftKey: string;
  /** Takes the checked text; answers false when it was not taken (the draft then stays). */
  onSend: (text: string) => boolean | Promise<boolean>;
  /** The server's refusal, shown beside the composer. */
  error?: string | null;
  /** Called on each keystroke that changes the text (the typing signal). */
  onTyping?: () => void;
  busy?: boolean;
  label?: string;
  placeholder?: string;
}

/**
 * The composer: Enter sends, Shift+Enter starts a new line. The draft is saved as it is
 * typed, so leaving the conversation or reloading keeps it.
 */
export function ReplyBox({ draftKey, onSend, error, onTyping, busy = false, label = 'Your reply', placeholder = 'Write a message…' }: ReplyBoxProps) {
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const form = useSchemaForm(messageInputSchema, {
    initial: () => ({ text: loadDraft(draftKey) }),
    fallback: 'Please check your message.',
    onSubmit: ({ text }) => void send(text),
  });
  const { text } = form.values;
  const errorId = form.errorId;
  // The form's own refusal, else the server's (the caller's).
  const shown = form.error ?? error ?? null;

  const update = (value: string) => {
    form.setValue('text', value);
    saveDraft(draftKey, value);
  };

  const send = async (checked: string) => {
    if (await onSend(checked)) {
      form.setValue('text', '');
      saveDraft(draftKey, '');
      fieldRef.current?.focus();
    }
  };

  const submit = () => {
    if (busy || text.trim() === '') return;
    form.submit();
  };

  return (
    <form
      noValidate
      aria-label="Reply"
      className="border-t border-line p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={fieldId} className="sr-only">
        {label}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          ref={fieldRef}
          id={fieldId}
          value={text}
          onChange={(event) => {
            update(event.target.value);
            if (event.target.value.trim() !== '') onTyping?.();
          }}
          onKeyDown={(event) => {
            // Enter while an input method composes a character belongs to the composition.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          rows={2}
          maxLength={MESSAGE_TEXT_MAX}
          placeholder={placeholder}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? errorId : undefined}
          className={`${inputField} max-h-40 min-h-11 resize-y`}
          data-testid="reply-input"
        />
        <button type="submit" className={`${primaryButton} shrink-0`} disabled={busy || text.trim() === ''} data-testid="send-reply">
          <SendHorizontal aria-hidden className="size-4" />
          {busy ? 'Sending…' : 'Send'}
        </button>
      </div>
      {shown ? (
        <ErrorText id={errorId} className="mt-2" data-testid="reply-error">
          {shown}
        </ErrorText>
      ) : (
        <p className="mt-1 hidden text-xs text-muted sm:block">Enter to send, Shift+Enter for a new line.</p>
      )}
    </form>
  );
}
