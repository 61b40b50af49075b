import { useState } from 'react';
import { Flame, Pencil, Snowflake, Trophy } from 'lucide-react';
import { card, focusRing } from '../../components/ui';
import { formatNumber } from '../../lib/format';
import { useProgress } from '../stories';
import { DailyGoalForm, FreezeCount, GoalMeter, readableDay, useProgressFollowsRecord } from '../streaks';
import { madeOnFirstUse } from '@common/shared/made-on-first-use';

const weekdayFormat = madeOnFirstUse(() => new Intl.DateTimeFormat(undefined, { weekday: 'short', timeZone: 'UTC' }));
/** 'Mon' for a YYYY-MM-DD day (read as a calendar date, not an instant). */
function weekday(day: string): string {
  return weekdayFormat().format(new Date(`${day}T12:00:00Z`));
}

/** Streak, best streak, freezes held, today's words against the goal, and the last seven days (a day a freeze covered marked). */
export function ProgressCard() {
  const { data } = useProgress();
  useProgressFollowsRecord();
  const [editing, setEditing] = useState(false);
  if (!data) return <div className={`${card} h-48 animate-pulse`} aria-hidden />;
  const best = Math.max(...data.recentDays.map((d) => d.words), 1);
  return (
    <section aria-labelledby="progress-heading" className={card} data-testid="progress-card">
      <h2 id="progress-heading" className="text-sm font-semibold text-accent-ink">
        Your writing
      </h2>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-subtle p-3">
          <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
            <Flame aria-hidden className="size-4 text-orange-600 dark:text-orange-400" />
            Streak
          </p>
          <p className="mt-1 text-2xl font-bold text-fg" data-testid="streak">
            {data.streak} <span className="text-sm font-medium text-muted">day{data.streak === 1 ? '' : 's'}</span>
          </p>
        </div>
        <div className="rounded-lg bg-subtle p-3">
          <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
            <Trophy aria-hidden className="size-4 text-amber-600 dark:text-amber-400" />
            Best
          </p>
          <p className="mt-1 text-2xl font-bold text-fg" data-testid="best-streak">
            {data.bestStreak} <span className="text-sm font-medium text-muted">day{data.bestStreak === 1 ? '' : 's'}</span>
          </p>
        </div>
      </div>
      <div className="mt-3">
        <FreezeCount held={data.streakFreezes} />
      </div>
      <div className="mt-5">
        <GoalMeter wordsToday={data.wordsToday} dailyGoal={data.dailyGoal} />
        {editing ? (
          <DailyGoalForm goal={data.dailyGoal} onDone={() => setEditing(false)} className="mt-3" />
        ) : (
          <button type="button" onClick={() => setEditing(true)} className={`mt-2 inline-flex items-center gap-1 rounded-sm text-xs font-medium text-accent-ink underline ${focusRing}`} data-testid="edit-daily-goal">
            <Pencil aria-hidden className="size-3" />
            Change daily goal
          </button>
        )}
      </div>
      <div className="mt-5">
        <p className="text-xs font-semibold text-muted">Last 7 days</p>
        <ol className="mt-2 grid grid-cols-7 gap-1.5" aria-label="Words written on each of the last seven days">
          {data.recentDays.map((day) => {
            const said = day.frozen
              ? `${readableDay(day.day)}: frozen (a freeze covered it)`
              : `${readableDay(day.day)}: ${formatNumber(day.words)} words`;
            return (
              <li key={day.day} className="flex flex-col items-stretch gap-1" title={said} data-frozen={day.frozen || undefined}>
                <span className="sr-only">{said}</span>
                <span aria-hidden className="flex h-14 flex-col justify-end">
                  {day.frozen ? (
                    <span className="flex h-full items-end justify-center rounded-sm bg-sky-100 pb-1 dark:bg-sky-950">
                      <Snowflake className="size-4 text-sky-600 dark:text-sky-400" />
                    </span>
                  ) : (
                    <span
                      className={`block rounded-sm ${day.words > 0 ? 'bg-accent-600' : 'bg-subtle'}`}
                      style={{ height: `${day.words > 0 ? Math.max(12, (day.words / best) * 100) : 10}%` }}
                    />
                  )}
                </span>
                <span aria-hidden className={`text-center text-[0.7rem] ${day.day === data.today ? 'font-bold text-fg' : 'text-muted'}`}>
                  {weekday(day.day)}
                </span>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
