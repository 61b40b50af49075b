import { Flame, Target } from 'lucide-react';
import { goalProgress } from '@common/streaks/rules';
import { formatNumber } from '../../lib/format';

interface GoalMeterProps {
  wordsToday: number;
  dailyGoal: number;
  /** Words this save would add (not yet counted by the server). */
  pending?: number;
  streak?: number;
  compact?: boolean;
}

/** Words written today against the daily goal, as a bar and a sentence. */
export function GoalMeter({ wordsToday, dailyGoal, pending = 0, streak, compact = false }: GoalMeterProps) {
  const total = wordsToday + pending;
  const { percent, met, remaining } = goalProgress(total, dailyGoal);
  return (
    <div data-testid="goal-meter">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="inline-flex items-center gap-1.5 font-medium text-fg">
          <Target aria-hidden className="size-4 text-accent-ink" />
          <span>
            <span data-testid="goal-words">{formatNumber(total)}</span> / {formatNumber(dailyGoal)} words today
          </span>
        </span>
        {streak !== undefined && (
          <span className="inline-flex items-center gap-1 text-muted" title="Current streak">
            <Flame aria-hidden className="size-4 text-orange-600 dark:text-orange-400" />
            {streak} day{streak === 1 ? '' : 's'}
          </span>
        )}
      </div>
      <div
        role="progressbar"
        aria-label="Today’s words towards your daily goal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className={`mt-2 overflow-hidden rounded-full bg-subtle ${compact ? 'h-1.5' : 'h-2.5'}`}
      >
        <div className={`h-full rounded-full transition-[width] ${met ? 'bg-green-600' : 'bg-accent-600'}`} style={{ width: `${percent}%` }} />
      </div>
      {!compact && (
        <p className="mt-1.5 text-xs text-muted">
          {met ? 'Goal reached. Lovely work!' : `${formatNumber(remaining)} more to reach your goal${pending > 0 ? ', counting this story once saved' : ''}.`}
        </p>
      )}
    </div>
  );
}
