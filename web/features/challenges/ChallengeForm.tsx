import { useId } from 'react';
import { Flag } from 'lucide-react';
import { CHALLENGE_DAYS_MAX, CHALLENGE_DAYS_MIN, CHALLENGE_WORDS_MAX, CHALLENGE_WORDS_MIN, challengeCreateSchema } from '@common/challenges/challenges';
import { inputField, primaryButton } from '../../components/ui';
import { formErrorMessage } from '../../lib/errors';
import { formatNumber } from '../../lib/format';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { useStartChallenge } from './api';
import { ErrorText } from '../../components/ErrorText';

const asNumber = (value: string) => (value.trim() === '' ? NaN : Number(value));

type Field = 'words' | 'days';

/** "N words in D days": checked here with the server's own schema, refused reasons shown beside the form. */
export function ChallengeForm() {
  const start = useStartChallenge();
  const id = useId();
  const form = useSchemaForm(challengeCreateSchema, {
    initial: { words: '5000', days: '14' },
    input: ({ words, days }) => ({ words: asNumber(words), days: asNumber(days) }),
    fallback: 'Please enter numbers of words and days.',
    clearOnEdit: false,
    // What was typed stays on failure.
    onSubmit: (challenge) => start.mutate(challenge, { onError: (failure) => form.refuse(formErrorMessage(failure)) }),
  });
  const input = (field: Field, label: string, limits: { min: number; max: number; step: number }, width: string) => (
    <div>
      <label htmlFor={`${id}-${field}`} className="block text-xs font-medium text-muted">
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        type="number"
        inputMode="numeric"
        {...limits}
        {...form.field(field)}
        className={`${inputField} ${width} mt-1 tabular-nums`}
        data-testid={`challenge-${field}`}
      />
    </div>
  );
  return (
    <form onSubmit={form.submit} noValidate className="mt-4" data-testid="challenge-form" aria-describedby={`${id}-hint`}>
      <p className="text-sm font-medium text-fg">Start a challenge</p>
      <div className="mt-2 flex flex-wrap items-end gap-x-2 gap-y-3 text-sm text-fg">
        {input('words', 'Words', { min: CHALLENGE_WORDS_MIN, max: CHALLENGE_WORDS_MAX, step: 100 }, 'w-28')}
        <span className="pb-2">words in</span>
        {input('days', 'Days', { min: CHALLENGE_DAYS_MIN, max: CHALLENGE_DAYS_MAX, step: 1 }, 'w-20')}
        <span className="pb-2">days</span>
        <button type="submit" className={`${primaryButton} ml-auto sm:ml-2`} disabled={start.isPending} data-testid="start-challenge">
          <Flag aria-hidden className="size-4" />
          Start challenge
        </button>
      </div>
      <p id={`${id}-hint`} className="mt-2 text-xs text-muted">
        {formatNumber(CHALLENGE_WORDS_MIN)} to {formatNumber(CHALLENGE_WORDS_MAX)} words, in 1 to {CHALLENGE_DAYS_MAX} days starting today. Every word you write today counts.
      </p>
      {form.error && (
        <ErrorText id={form.errorId} className="mt-2" data-testid="challenge-error">
          {form.error}
        </ErrorText>
      )}
    </form>
  );
}
