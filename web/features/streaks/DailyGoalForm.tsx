import { useId, useState, type FormEvent } from 'react';
import { DAILY_GOAL_MAX, DAILY_GOAL_MIN } from '@common/shared/limits';
import { dailyGoalProblem } from '@common/streaks/rules';
import { inputField, primaryButton, secondaryButton } from '../../components/ui';
import { formErrorMessage } from '../../lib/errors';
import { formatNumber } from '../../lib/format';
import { useSaveDailyGoal } from './api';
import { ErrorText } from '../../components/ErrorText';

/** The one editor for the daily word goal (home and profile): 50–10,000 words. */
export function DailyGoalForm({ goal, onDone, className = '' }: { goal: number; onDone: () => void; className?: string }) {
  const [value, setValue] = useState(String(goal));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveDailyGoal();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const goal = value.trim() === '' ? NaN : Number(value);
    const refused = dailyGoalProblem(goal);
    if (refused) return setProblem(refused);
    save.mutate(goal, { onSuccess: onDone, onError: (failure) => setProblem(formErrorMessage(failure)) });
  };
  return (
    <form onSubmit={submit} className={`space-y-2 ${className}`} noValidate data-testid="daily-goal-form">
      <label htmlFor={id} className="text-xs font-medium text-fg">
        Daily goal (words)
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={DAILY_GOAL_MIN}
        max={DAILY_GOAL_MAX}
        step={50}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className={`${inputField} w-full max-w-40`}
        aria-describedby={`${id}-hint`}
        autoFocus
        data-testid="daily-goal-input"
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        Between {formatNumber(DAILY_GOAL_MIN)} and {formatNumber(DAILY_GOAL_MAX)} words.
      </p>
      {/* Wraps in a narrow statistics tile (/profile on a phone) instead of running out of it. */}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={`${primaryButton} px-3 py-1.5`} disabled={save.isPending}>
          Save
        </button>
        <button type="button" className={`${secondaryButton} px-3 py-1.5`} onClick={onDone} disabled={save.isPending}>
          Cancel
        </button>
      </div>
      {problem && (
        <ErrorText>
          {problem}
        </ErrorText>
      )}
    </form>
  );
}
