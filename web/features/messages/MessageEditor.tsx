import { messageInputSchema, type ConversationMessage } from '@common/messages/messages';
import { MESSAGE_TEXT_MAX } from '@common/messages/rules';
import { inputField } from '../../components/ui';
import { useEditMessage } from './api';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { refusalMessage } from './refusal';

/** Editing a message in place: Enter saves, Shift+Enter adds a line, Esc cancels. */
export function MessageEditor({ message, onDone }: { message: ConversationMessage; onDone: () => void }) {
  const edit = useEditMessage(message.conversationId);
  const form = useSchemaForm(messageInputSchema, {
    initial: { text: message.text },
    fallback: 'Please check your message.',
    soleField: 'text',
    onSubmit: ({ text }) =>
      edit.mutate(
        { messageId: message.id, text },
        { onSuccess: onDone, onError: (failure) => form.refuse(refusalMessage(failure) ?? 'Could not save your edit. Please try again.') },
      ),
  });
  const { text } = form.values;
  const error = form.error;

  const save = () => {
    if (edit.isPending) return;
    if (text === message.text) return onDone();
    form.submit();
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
        onChange={(event) => form.setValue('text', event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onDone();
          } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            save();
          }
        }}
        aria-invalid={form.marks('text')['aria-invalid']}
        // The line under the field says how to save, or what was refused.
        aria-describedby={form.errorId}
        className={`${inputField} resize-y`}
        data-testid="edit-input"
      />
      <p id={form.errorId} className={`text-xs ${error ? 'font-medium text-red-700 dark:text-red-300' : 'text-muted'}`} role={error ? 'alert' : undefined}>
        {error ?? (edit.isPending ? 'Saving…' : 'Enter to save, Esc to cancel.')}
      </p>
    </div>
  );
}
