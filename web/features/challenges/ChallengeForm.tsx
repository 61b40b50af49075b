import { useId, useState, type FormEvent } from 'react';
import { Flag } from 'lucide-react';
import { CHALLENGE_DAYS_MAX, CHALLENGE_DAYS_MIN, CHALLENGE_WORDS_MAX, CHALLENGE_WORDS_MIN, challengeCreateSchema } from '@common/challenges/challenges';
import { inputField, primaryButton } from '../../components/ui';
import { formErrorMessage } from '../../lib/errors';
import { formatNumber } from '../../lib/format';
import { useStartChallenge } from './api';
import { ErrorText } from '../../components/ErrorText';

const asNumber = (value: string) => (value.trim() === '' ? NaN : Number(value));

type Field = 'words' | 'days';
interface Problem {
  message: string;
  /** The field it is about, when the form's own check found it. */
  field?: Field;
}

/** "N words in D days": checked here with the server's own schema, refused reasons shown beside the form. */
export function ChallengeForm() {
  const [words, setWords] = useState('5000');
  const [days, setDays] = useState('14');
  const [problem, setProblem] = useState<Problem | null>(null);
  const start = useStartChallenge();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = challengeCreateSchema.safeParse({ words: asNumber(words), days: asNumber(days) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0];
      return setProblem({ message: issue?.message ?? 'Please enter numbers of words and days.', field: field === 'words' || field === 'days' ? field : undefined });
    }
    setProblem(null);
    // What was typed stays on failure.
    start.mutate(parsed.data, { onError: (failure) => setProblem({ message: formErrorMessage(failure) }) });
  };
  const input = (field: Field, label: string, value: string, onChange: (value: string) => void, limits: { min: number; max: number; step: number }, width: string) => (
    <div>
      <label htmlFor={`${id}-${field}`} className="block text-xs font-medium text-muted">
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        type="number"
        inputMode="numeric"
        {...limits}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputField} ${width} mt-1 tabular-nums`}
        aria-invalid={problem?.field === field || undefined}
        data-testid={`challenge-${field}`}
      />
    </div>
  );
  return (
    <form onSubmit={submit} noValidate className="mt-4" data-testid="challenge-form" aria-describedby={`${id}-hint`}>
      <p className="text-sm font-medium text-fg">Start a challenge</p>
      <div className="mt-2 flex flex-wrap items-end gap-x-2 gap-y-3 text-sm text-fg">
        {input('words', 'Words', words, setWords, { min: CHALLENGE_WORDS_MIN, max: CHALLENGE_WORDS_MAX, step: 100 }, 'w-28')}
        <span className="pb-2">words in</span>
        {input('days', 'Days', days, setDays, { min: CHALLENGE_DAYS_MIN, max: CHALLENGE_DAYS_MAX, step: 1 }, 'w-20')}
        <span className="pb-2">days</span>
        <button type="submit" className={`${primaryButton} ml-auto sm:ml-2`} disabled={start.isPending} data-testid="start-challenge">
          <Flag aria-hidden className="size-4" />
          Start challenge
        </button>
      </div>
      <p id={`${id}-hint`} className="mt-2 text-xs text-muted">
        {formatNumber(CHALLENGE_WORDS_MIN)} to {formatNumber(CHALLENGE_WORDS_MAX)} words, in 1 to {CHALLENGE_DAYS_MAX} days starting today. Every word you write today counts.
      </p>
      {problem && (
        <ErrorText className="mt-2" data-testid="challenge-error">
          {problem.message}
        </ErrorText>
      )}
    </form>
  );
}
