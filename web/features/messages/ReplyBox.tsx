import { useId, useRef, useState } from 'react';
import { SendHorizontal } from 'lucide-react';
import { messageInputSchema } from '@common/messages/messages';
import { MESSAGE_TEXT_MAX } from '@common/messages/rules';
import { inputField, primaryButton } from '../../components/ui';
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
  const [text, setText] = useState(() => loadDraft(draftKey));
  const [invalid, setInvalid] = useState<string | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const errorId = useId();
  const shown = invalid ?? error ?? null;

  const update = (value: string) => {
    setText(value);
    saveDraft(draftKey, value);
    setInvalid(null);
  };

  const submit = async () => {
    if (busy || text.trim() === '') return;
    const parsed = messageInputSchema.safeParse({ text });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Please check your message.');
    if (await onSend(parsed.data.text)) {
      setText('');
      saveDraft(draftKey, '');
      fieldRef.current?.focus();
    }
  };

  return (
    <form
      noValidate
      aria-label="Reply"
      className="border-t border-line p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
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
              void submit();
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
