import { useId, useState, type FormEvent } from 'react';
import { Flag } from 'lucide-react';
import { CHALLENGE_DAYS_MAX, CHALLENGE_DAYS_MIN, CHALLENGE_WORDS_MAX, CHALLENGE_WORDS_MIN, challengeCreateSchema } from '@common/challenges';
import { inputField, primaryButton } from '../../components/ui';
import { formErrorMessage } from '../../lib/errors';
import { formatNumber } from '../../lib/format';
import { useStartChallenge } from './api';

const asNumber = (value: string) => (value.trim() === '' ? NaN : Number(value));

/** "N words in D days": checked here with the server's own schema, refused reasons shown beside the form. */
export function ChallengeForm() {
  const [words, setWords] = useState('5000');
  const [days, setDays] = useState('14');
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartChallenge();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = challengeCreateSchema.safeParse({ words: asNumber(words), days: asNumber(days) });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Please enter numbers of words and days.');
    setProblem(null);
    // What was typed stays on failure.
    start.mutate(parsed.data, { onError: (failure) => setProblem(formErrorMessage(failure)) });
  };
  const field = `${inputField} w-28 tabular-nums`;
  return (
    <form onSubmit={submit} noValidate className="mt-4" data-testid="challenge-form" aria-describedby={`${id}-hint`}>
      <p className="text-sm font-medium text-fg">Start a challenge</p>
      <div className="mt-2 flex flex-wrap items-end gap-x-2 gap-y-3 text-sm text-fg">
        <div>
          <label htmlFor={`${id}-words`} className="block text-xs font-medium text-muted">
            Words
          </label>
          <input
            id={`${id}-words`}
            type="number"
            inputMode="numeric"
            min={CHALLENGE_WORDS_MIN}
            max={CHALLENGE_WORDS_MAX}
            step={100}
            value={words}
            onChange={(event) => setWords(event.target.value)}
            className={`${field} mt-1`}
            aria-invalid={problem?.includes('ords') || undefined}
            data-testid="challenge-words"
          />
        </div>
        <span className="pb-2">words in</span>
        <div>
          <label htmlFor={`${id}-days`} className="block text-xs font-medium text-muted">
            Days
          </label>
          <input
            id={`${id}-days`}
            type="number"
            inputMode="numeric"
            min={CHALLENGE_DAYS_MIN}
            max={CHALLENGE_DAYS_MAX}
            step={1}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            className={`${field} mt-1 w-20`}
            aria-invalid={problem?.includes('day') || undefined}
            data-testid="challenge-days"
          />
        </div>
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
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300" data-testid="challenge-error">
          {problem}
        </p>
      )}
    </form>
  );
}
