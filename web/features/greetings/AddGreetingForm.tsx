import { useId, useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { greetingCreateSchema } from '@common/greetings/greetings';
import { DEFAULT_PUNCTUATION, GREETING_TEXT_MAX, type GreetingPunctuation } from '@common/greetings/rules';
import { FormError } from '../../components/FormField';
import { inputField, primaryButton } from '../../components/ui';
import { useAddGreeting } from './api';
import { PunctuationSelect } from './PunctuationSelect';

/** The add row: text, punctuation (! by default) and Add; Enter adds too. Empty text is ignored (spec section 5). */
export function AddGreetingForm() {
  const [text, setText] = useState('');
  const [punctuation, setPunctuation] = useState<GreetingPunctuation>(DEFAULT_PUNCTUATION);
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddGreeting();
  const textId = useId();
  const punctuationId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim() === '' || add.isPending) return;
    const parsed = greetingCreateSchema.safeParse({ text, punctuation });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Please check the greeting.');
    setProblem(null);
    add.mutate(parsed.data, {
      onSuccess: () => {
        setText('');
        setPunctuation(DEFAULT_PUNCTUATION);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add a greeting" data-testid="add-greeting">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1.5">
          <label htmlFor={textId} className="text-sm font-medium text-fg">
            New greeting
          </label>
          <input
            id={textId}
            type="text"
            value={text}
            maxLength={GREETING_TEXT_MAX}
            placeholder="e.g. Welcome back"
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
            }}
            className={inputField}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={punctuationId} className="text-sm font-medium text-fg">
            Punctuation
          </label>
          <PunctuationSelect id={punctuationId} value={punctuation} onChange={setPunctuation} />
        </div>
        <button type="submit" className={primaryButton} disabled={add.isPending}>
          <Plus aria-hidden className="size-4" />
          {add.isPending ? 'Adding…' : 'Add'}
        </button>
      </div>
      {problem && (
        <div className="mt-2">
          <FormError message={problem} />
        </div>
      )}
    </form>
  );
}
