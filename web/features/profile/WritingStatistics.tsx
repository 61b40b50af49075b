import { useId, useState, type FormEvent } from 'react';
import { Eye, Flame, Globe, Heart, Lock, MessageCircle, RefreshCw, Ruler, Sigma, Target, Trophy } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { DAILY_GOAL_MAX, DAILY_GOAL_MIN } from '@common/limits';
import type { MyStatsResponse } from '@common/profile';
import { dailyGoalUpdateSchema } from '@common/streak';
import { card, inputField, primaryButton, secondaryButton } from '../../app/ui';
import { formatNumber } from '../stories/format';
import { useSaveDailyGoal } from './api';
import { errorText, linkButton, StatTile } from './fields';

const unit = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

function DailyGoalEditor({ goal, onDone }: { goal: number; onDone: () => void }) {
  const [value, setValue] = useState(String(goal));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveDailyGoal();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = dailyGoalUpdateSchema.safeParse({ dailyGoal: value.trim() === '' ? NaN : Number(value) });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Please enter a number of words.');
    save.mutate(parsed.data.dailyGoal, { onSuccess: onDone, onError: (error) => setProblem(error.message) });
  };
  return (
    <form onSubmit={submit} className="mt-2 space-y-2" noValidate data-testid="daily-goal-form">
      <label htmlFor={id} className="sr-only">
        Daily goal in words
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
        className={`${inputField} w-full`}
        aria-describedby={`${id}-hint`}
        autoFocus
        data-testid="daily-goal-input"
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        {formatNumber(DAILY_GOAL_MIN)}–{formatNumber(DAILY_GOAL_MAX)} words
      </p>
      <div className="flex gap-2">
        <button type="submit" className={`${primaryButton} px-3 py-1.5`} disabled={save.isPending}>
          Save
        </button>
        <button type="button" className={`${secondaryButton} px-3 py-1.5`} onClick={onDone} disabled={save.isPending}>
          Cancel
        </button>
      </div>
      {problem && (
        <p role="alert" className={errorText}>
          {problem}
        </p>
      )}
    </form>
  );
}

function StatsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3" aria-hidden data-testid="stats-loading">
      {Array.from({ length: 10 }, (_, i) => (
        <div key={i} className="h-16 animate-pulse rounded-lg bg-subtle" />
      ))}
    </div>
  );
}

/**
 * Spec section 2: Current Streak, Best Streak, Daily Goal (editable here), Total Likes,
 * Comments, Total Views, Avg Words/Story, Longest Story and the Public/Private counts,
 * as the server computed them. The goal shown is the record's, so it changes at once.
 */
export function WritingStatistics({ query, dailyGoal }: { query: UseQueryResult<MyStatsResponse>; dailyGoal: number }) {
  const [editingGoal, setEditingGoal] = useState(false);
  const stats = query.data?.stats;
  return (
    <section aria-labelledby="writing-stats-heading" className={card} data-testid="writing-stats">
      <h2 id="writing-stats-heading" className="text-lg font-semibold text-fg">
        Writing Statistics
      </h2>
      <div className="mt-4">
        {stats ? (
          <dl className="grid grid-cols-2 gap-3">
            <StatTile icon={Flame} label="Current Streak" value={formatNumber(stats.streak)} unit={unit(stats.streak, 'day')} testId="stat-streak" />
            <StatTile icon={Trophy} label="Best Streak" value={formatNumber(stats.bestStreak)} unit={unit(stats.bestStreak, 'day')} testId="stat-best-streak" />
            <StatTile icon={Target} label="Daily Goal" value={formatNumber(dailyGoal)} unit={unit(dailyGoal, 'word')} testId="stat-daily-goal">
              {editingGoal ? (
                <DailyGoalEditor goal={dailyGoal} onDone={() => setEditingGoal(false)} />
              ) : (
                <button type="button" className={linkButton} onClick={() => setEditingGoal(true)} data-testid="edit-daily-goal">
                  Edit<span className="sr-only"> daily goal</span>
                </button>
              )}
            </StatTile>
            <StatTile icon={Heart} label="Total Likes" value={formatNumber(stats.likes)} testId="stat-likes" />
            <StatTile icon={MessageCircle} label="Comments" value={formatNumber(stats.comments)} testId="stat-comments" />
            <StatTile icon={Eye} label="Total Views" value={formatNumber(stats.views)} testId="stat-views" />
            <StatTile icon={Sigma} label="Avg Words/Story" value={formatNumber(stats.avgWords)} testId="stat-avg-words" />
            <StatTile icon={Ruler} label="Longest Story" value={formatNumber(stats.longestStory)} unit={unit(stats.longestStory, 'word')} testId="stat-longest" />
            <StatTile icon={Globe} label="Public" value={formatNumber(stats.publicStories)} unit={unit(stats.publicStories, 'story', 'stories')} testId="stat-public" />
            <StatTile icon={Lock} label="Private" value={formatNumber(stats.privateStories)} unit={unit(stats.privateStories, 'story', 'stories')} testId="stat-private" />
          </dl>
        ) : query.isError ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            <p>Your statistics could not be loaded.</p>
            <button type="button" className={`${secondaryButton} mt-3 px-3 py-1.5`} onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden className="size-4" />
              Try again
            </button>
          </div>
        ) : (
          <StatsSkeleton />
        )}
      </div>
    </section>
  );
}
