import { useId, useState } from 'react';
import { SendHorizontal } from 'lucide-react';
import { MESSAGE_TEXT_MAX, messageInputSchema } from '@common/conversations';
import { inputField, primaryButton } from '../../components/ui';
import { formErrorMessage } from '../../lib/errors';
import { useSendMessage } from './api';

/**
 * The box under a thread: Enter sends, Shift+Enter starts a new line. What was typed stays
 * when sending fails, with the reason beside it.
 */
export function ReplyBox({ conversationId }: { conversationId: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage(conversationId);
  const fieldId = useId();
  const errorId = useId();

  const submit = () => {
    if (send.isPending || text.trim() === '') return;
    const parsed = messageInputSchema.safeParse({ text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check your message.');
    setError(null);
    send.mutate(parsed.data, { onSuccess: () => setText(''), onError: (failure) => setError(formErrorMessage(failure)) });
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
        Your reply
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={fieldId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
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
          placeholder="Write a reply…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${inputField} max-h-40 min-h-11 resize-y`}
          data-testid="reply-input"
        />
        <button type="submit" className={`${primaryButton} shrink-0`} disabled={send.isPending || text.trim() === ''} data-testid="send-reply">
          <SendHorizontal aria-hidden className="size-4" />
          {send.isPending ? 'Sending…' : 'Send'}
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : (
        <p className="mt-1 hidden text-xs text-muted sm:block">Enter to send, Shift+Enter for a new line.</p>
      )}
    </form>
  );
}
