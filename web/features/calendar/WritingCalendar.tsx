import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, CalendarRange, Snowflake } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { buildCalendarGrid, type Calendar, type IntensityLevel } from '@common/calendar/calendar';
import { LoadError } from '../../components/LoadError';
import { card } from '../../components/ui';
import { useCurrentUser } from '../../lib/auth';
import { formatNumber } from '../../lib/format';
import { calendarQuery } from './api';
import { CalendarTable } from './CalendarTable';
import { FROZEN_CLASS, FROZEN_ICON_CLASS, LEVEL_CLASSES, LEVEL_NAMES, MET_DOT_CLASS } from './cells';
import { HeatMap } from './HeatMap';
import { LastDaysChart } from './LastDaysChart';

/** The own profile's writing calendar: words this week and month, the year's heat map, the last 30 days. */
export function WritingCalendar() {
  const query = useQuery(calendarQuery);
  const { user } = useCurrentUser();
  return (
    <section aria-labelledby="writing-calendar-heading" className={card} data-testid="writing-calendar">
      <h2 id="writing-calendar-heading" className="text-lg font-semibold text-fg">
        Writing calendar
      </h2>
      {query.data ? (
        // The goal is the record's: editing it on this page recolours the calendar at once.
        <CalendarBody calendar={{ ...query.data, dailyGoal: user?.dailyGoal ?? query.data.dailyGoal }} />
      ) : query.isError ? (
        <div className="mt-4">
          <LoadError message="Your writing calendar could not be loaded." onRetry={() => void query.refetch()} />
        </div>
      ) : (
        <div aria-hidden className="mt-4 space-y-3" data-testid="calendar-loading">
          <div className="grid grid-cols-2 gap-3">
            <div className="h-16 animate-pulse rounded-lg bg-subtle" />
            <div className="h-16 animate-pulse rounded-lg bg-subtle" />
          </div>
          <div className="h-28 animate-pulse rounded-lg bg-subtle" />
        </div>
      )}
    </section>
  );
}

function CalendarBody({ calendar }: { calendar: Calendar }) {
  const grid = useMemo(() => buildCalendarGrid(calendar), [calendar]);
  return (
    <>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <Tile icon={CalendarDays} label="Words this week" value={calendar.wordsThisWeek} testId="words-this-week" />
        <Tile icon={CalendarRange} label="Words this month" value={calendar.wordsThisMonth} testId="words-this-month" />
      </dl>
      <h3 className="mt-6 mb-2 text-sm font-medium text-fg">Words per day, last 12 months</h3>
      <HeatMap grid={grid} dailyGoal={calendar.dailyGoal} />
      <Legend dailyGoal={calendar.dailyGoal} />
      <CalendarTable grid={grid} />
      <LastDaysChart calendar={calendar} />
    </>
  );
}

function Tile({ icon: Icon, label, value, testId }: { icon: LucideIcon; label: string; value: number; testId: string }) {
  return (
    <div className="rounded-lg bg-subtle p-3" data-testid={testId}>
      <dt className="flex items-center gap-1.5 text-xs font-semibold text-muted">
        <Icon aria-hidden className="size-4 shrink-0 text-accent-ink" />
        {label}
      </dt>
      <dd className="mt-1 text-xl font-bold text-fg tabular-nums">
        <span data-testid={`${testId}-value`}>{formatNumber(value)}</span>
        <span className="text-sm font-medium text-muted"> {value === 1 ? 'word' : 'words'}</span>
      </dd>
    </div>
  );
}

const LEVELS: IntensityLevel[] = [0, 1, 2, 3, 4];

/** What the colours mean, against the goal; the dot marks a day that met it, the snowflake a frozen day. */
function Legend({ dailyGoal }: { dailyGoal: number }) {
  const goal = formatNumber(dailyGoal);
  const swatch = 'inline-flex size-3 shrink-0 items-center justify-center rounded-[2px]';
  return (
    <ul className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs text-muted" aria-label="Legend" data-testid="calendar-legend">
      {LEVELS.map((level) => (
        <li key={level} className="inline-flex items-center gap-1.5">
          <span aria-hidden className={`${swatch} ${LEVEL_CLASSES[level]}`}>
            {level >= 3 && <span className={MET_DOT_CLASS} />}
          </span>
          {level === 3 ? `goal met (${goal}+)` : level === 4 ? `twice the goal (${formatNumber(dailyGoal * 2)}+)` : LEVEL_NAMES[level]}
        </li>
      ))}
      <li className="inline-flex items-center gap-1.5">
        <span aria-hidden className={`${swatch} ${FROZEN_CLASS}`}>
          <Snowflake className={`size-2.5 ${FROZEN_ICON_CLASS}`} strokeWidth={3} />
        </span>
        frozen: a streak freeze covered the day
      </li>
    </ul>
  );
}
