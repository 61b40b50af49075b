import { useId, useState } from 'react';
import { messageInputSchema, type ConversationMessage } from '@common/messages/messages';
import { MESSAGE_TEXT_MAX } from '@common/messages/rules';
import { inputField } from '../../components/ui';
import { useEditMessage } from './api';
import { refusalMessage } from './refusal';

/** Editing a message in place: Enter saves, Shift+Enter adds a line, Esc cancels. */
export function MessageEditor({ message, onDone }: { message: ConversationMessage; onDone: () => void }) {
  const [text, setText] = useState(message.text);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditMessage(message.conversationId);
  const errorId = useId();

  const save = () => {
    if (edit.isPending) return;
    if (text === message.text) return onDone();
    const parsed = messageInputSchema.safeParse({ text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check your message.');
    edit.mutate(
      { messageId: message.id, text: parsed.data.text },
      { onSuccess: onDone, onError: (failure) => setError(refusalMessage(failure) ?? 'Could not save your edit. Please try again.') },
    );
  };

  return (
    <div className="flex w-full max-w-[85%] flex-col gap-1 sm:max-w-[75%]">
      <textarea
        // The editor opens because the writer asked for it: the field should take the keys.
        autoFocus
        aria-label="Edit message"
        value={text}
        maxLength={MESSAGE_TEXT_MAX}
        rows={Math.min(6, text.split('\n').length + 1)}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onDone();
          } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            save();
          }
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={`${inputField} resize-y`}
        data-testid="edit-input"
      />
      <p id={errorId} className={`text-xs ${error ? 'font-medium text-red-700 dark:text-red-300' : 'text-muted'}`} role={error ? 'alert' : undefined}>
        {error ?? (edit.isPending ? 'Saving…' : 'Enter to save, Esc to cancel.')}
      </p>
    </div>
  );
}
