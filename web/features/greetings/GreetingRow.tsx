import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Check, Pencil, Trash2, X } from 'lucide-react';
import { greetingTextSchema, type Greeting } from '@common/greetings/greetings';
import { GREETING_TEXT_MAX, GREETING_TEXTS, type GreetingPunctuation } from '@common/greetings/rules';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { iconButton, inputField } from '../../components/ui';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { useDeleteGreeting, useEditGreeting, useToggleGreeting } from './api';
import { PunctuationSelect } from './PunctuationSelect';
import { ErrorText } from '../../components/ErrorText';

const cell = 'px-2 py-2 align-middle sm:px-3';
const label = (g: { text: string; punctuation: string }) => `${g.text}${g.punctuation}`;

/** One greeting: view mode (Enabled checkbox, Edit, Delete) or edit mode (text, punctuation, Save, Cancel). */
export function GreetingRow({ greeting }: { greeting: Greeting }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const edit = useEditGreeting();
  const form = useSchemaForm(greetingTextSchema, {
    initial: { text: greeting.text, punctuation: greeting.punctuation as GreetingPunctuation },
    input: ({ text }) => text,
    fallback: GREETING_TEXTS.empty,
    soleField: 'text',
    onSubmit: (text, { punctuation }) => {
      if (text === greeting.text && punctuation === greeting.punctuation) return setEditing(false);
      edit.mutate({ id: greeting.id, text, punctuation }, { onSuccess: () => setEditing(false) });
    },
  });
  const toggle = useToggleGreeting();
  // The state asked for, set in the click's own render: a controlled checkbox that waited for
  // the mutation's pending state would flip back for a frame first.
  const [askedEnabled, setAskedEnabled] = useState<boolean | null>(null);
  const remove = useDeleteGreeting();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Leaving edit mode puts focus back on the Edit button it started from.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const startEditing = () => {
    form.setValues({ text: greeting.text, punctuation: greeting.punctuation });
    setEditing(true);
  };

  const save = () => form.submit();

  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setEditing(false);
    }
  };

  const enabled = askedEnabled ?? greeting.enabled;
  const name = label(greeting);

  return (
    <tr className="border-t border-line" data-testid="greeting-row" data-greeting={name}>
      <td className={`${cell} w-full`}>
        {editing ? (
          <>
            <input
              type="text"
              maxLength={GREETING_TEXT_MAX}
              aria-label="Greeting text"
              autoFocus
              {...form.field('text')}
              onKeyDown={keys}
              className={`${inputField} min-w-0`}
            />
            {form.error && (
              <ErrorText id={form.errorId} className="mt-1">
                {form.error}
              </ErrorText>
            )}
          </>
        ) : (
          <span className="break-words text-fg" data-testid="greeting-text">
            {greeting.text}
          </span>
        )}
      </td>
      <td className={`${cell} text-center`}>
        {editing ? (
          <PunctuationSelect aria-label="Punctuation" value={form.values.punctuation} onChange={(value) => form.setValue('punctuation', value)} onKeyDown={keys} />
        ) : (
          <span className="font-mono text-lg text-fg" data-testid="greeting-punctuation">
            {greeting.punctuation}
          </span>
        )}
      </td>
      <td className={`${cell} text-center`}>
        <input
          type="checkbox"
          checked={enabled}
          disabled={toggle.isPending}
          aria-label={`Enabled: ${name}`}
          onChange={(event) => {
            setAskedEnabled(event.target.checked);
            toggle.mutate({ id: greeting.id, enabled: event.target.checked }, { onSettled: () => setAskedEnabled(null) });
          }}
          className="size-5 cursor-pointer accent-accent-700 disabled:cursor-wait"
        />
      </td>
      <td className={cell}>
        <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
          {editing ? (
            <>
              <button type="button" className={iconButton} onClick={save} disabled={edit.isPending} aria-label={`Save ${name}`} title="Save">
                <Check aria-hidden className="size-5" />
              </button>
              <button type="button" className={iconButton} onClick={() => setEditing(false)} disabled={edit.isPending} aria-label="Cancel editing" title="Cancel">
                <X aria-hidden className="size-5" />
              </button>
            </>
          ) : (
            <>
              <button ref={editButton} type="button" className={iconButton} onClick={startEditing} aria-label={`Edit ${name}`} title="Edit">
                <Pencil aria-hidden className="size-5" />
              </button>
              <button type="button" className={iconButton} onClick={() => setConfirming(true)} disabled={remove.isPending} aria-label={`Delete ${name}`} title="Delete">
                <Trash2 aria-hidden className="size-5" />
              </button>
            </>
          )}
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={GREETING_TEXTS.confirmDelete}
          description={`“${name}” will no longer greet anyone. This cannot be undone.`}
          confirmLabel="Delete"
          tone="danger"
          onConfirm={() => remove.mutate(greeting.id)}
        />
      </td>
    </tr>
  );
}
