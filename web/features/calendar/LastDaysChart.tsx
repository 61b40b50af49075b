import { Snowflake } from 'lucide-react';
import { dayTooltip, intensityLevel, type Calendar } from '@common/calendar/calendar';
import { addDays } from '@common/streaks/rules';
import { formatNumber } from '../../lib/format';
import { FROZEN_ICON_CLASS } from './cells';

const DAYS = 30;

/**
 * The last 30 days as bars against a dashed goal line ("Goal: 500 words"). One picture for
 * screen readers (role=img, with how many days met the goal); the table has every day.
 */
export function LastDaysChart({ calendar }: { calendar: Calendar }) {
  const { today, dailyGoal } = calendar;
  const byDay = new Map(calendar.days.map((d) => [d.day, d]));
  const days = Array.from({ length: DAYS }, (_, i) => {
    const day = addDays(today, i - (DAYS - 1));
    const found = byDay.get(day);
    return { day, words: found?.words ?? 0, frozen: found?.frozen ?? false };
  });
  const met = days.filter((d) => d.words >= dailyGoal).length;
  // The goal line sits at two thirds of the height unless a day went higher.
  const scale = Math.max(dailyGoal * 1.5, ...days.map((d) => d.words));
  const goalBottom = (dailyGoal / scale) * 100;
  return (
    <figure className="mt-6">
      <figcaption className="text-sm font-medium text-fg">Last 30 days</figcaption>
      <div
        role="img"
        aria-label={`Words per day over the last 30 days: the goal of ${formatNumber(dailyGoal)} words met on ${met} of them.`}
        className="relative mt-2 h-28 border-b border-line"
        data-testid="last-days-chart"
      >
        <div className="flex h-full items-end gap-px sm:gap-0.5">
          {days.map((d) => {
            const cell = { ...d, level: intensityLevel(d.words, dailyGoal), today: d.day === today };
            return (
              <div key={d.day} className="relative flex h-full flex-1 flex-col justify-end" title={dayTooltip(cell, dailyGoal, today)}>
                {d.frozen ? (
                  <Snowflake aria-hidden className={`mx-auto mb-0.5 size-3 ${FROZEN_ICON_CLASS}`} />
                ) : (
                  <div
                    className={`rounded-t-sm ${d.words >= dailyGoal ? 'bg-accent-600 dark:bg-accent-500' : 'bg-accent-300 dark:bg-accent-800'}`}
                    style={{ height: `${(d.words / scale) * 100}%` }}
                  />
                )}
              </div>
            );
          })}
        </div>
        {/* Over the bars, its label on the oldest days' side (today's bar matters most). */}
        <div className="pointer-events-none absolute inset-x-0 z-10 border-t-2 border-dashed border-accent-ink" style={{ bottom: `${goalBottom}%` }} data-testid="goal-line">
          <span className="absolute left-0 -translate-y-[calc(100%+2px)] rounded bg-surface/90 px-1 text-xs font-medium text-accent-ink ring-1 ring-line">
            Goal: {formatNumber(dailyGoal)} words
          </span>
        </div>
      </div>
      <div aria-hidden className="mt-1 flex justify-between text-[10px] text-muted">
        <span>30 days ago</span>
        <span>Today</span>
      </div>
    </figure>
  );
}
