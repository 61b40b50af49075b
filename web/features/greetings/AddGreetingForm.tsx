import { useId, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { greetingCreateSchema } from '@common/greetings/greetings';
import { DEFAULT_PUNCTUATION, GREETING_TEXT_MAX, type GreetingPunctuation } from '@common/greetings/rules';
import { FormError } from '../../components/FormField';
import { inputField, primaryButton } from '../../components/ui';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { useAddGreeting } from './api';
import { PunctuationSelect } from './PunctuationSelect';

/** The add row: text, punctuation (! by default) and Add; Enter adds too. Empty text is ignored (spec section 5). */
export function AddGreetingForm() {
  const add = useAddGreeting();
  const textId = useId();
  const punctuationId = useId();
  const form = useSchemaForm(greetingCreateSchema, {
    initial: { text: '', punctuation: DEFAULT_PUNCTUATION as GreetingPunctuation },
    fallback: 'Please check the greeting.',
    onSubmit: (greeting) => add.mutate(greeting, { onSuccess: () => form.setValues({ text: '', punctuation: DEFAULT_PUNCTUATION }) }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.values.text.trim() === '' || add.isPending) return;
    form.submit();
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
            maxLength={GREETING_TEXT_MAX}
            placeholder="e.g. Welcome back"
            autoComplete="off"
            {...form.field('text')}
            className={inputField}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={punctuationId} className="text-sm font-medium text-fg">
            Punctuation
          </label>
          <PunctuationSelect id={punctuationId} value={form.values.punctuation} onChange={(value) => form.setValue('punctuation', value)} />
        </div>
        <button type="submit" className={primaryButton} disabled={add.isPending}>
          <Plus aria-hidden className="size-4" />
          {add.isPending ? 'Adding…' : 'Add'}
        </button>
      </div>
      {form.error && (
        <div className="mt-2">
          <FormError id={form.errorId} message={form.error} />
        </div>
      )}
    </form>
  );
}
