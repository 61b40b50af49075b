import { useEffect, useId, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Snowflake } from 'lucide-react';
import { type Progress } from '@common/streaks/streak';
import { FREEZE_EXPLANATION, FREEZES_MAX, freezesLabel } from '@common/streaks/rules';
import { card } from '../../components/ui';
import { useCurrentUser } from '../../lib/auth';
import { progressKeys } from '../../lib/query-keys';
import { useProgress } from '../stories';
import { madeOnFirstUse } from '@common/shared/made-on-first-use';

const frozenDayFormat = madeOnFirstUse(() => new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }));
/** 'Tue, 8 Feb' for a YYYY-MM-DD day (read as a calendar date, not an instant). */
export function readableDay(day: string): string {
  return frozenDayFormat().format(new Date(`${day}T12:00:00Z`));
}

/**
 * Keeps today's progress in step with the writer's record: when a save in another tab, or a
 * freeze spent at midnight, changes the streak, best or freezes (the record arrives with the
 * live `user.updated` event), the progress refetches, so the days shown as frozen follow too.
 */
export function useProgressFollowsRecord(): void {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const key = user ? `${user.streak}/${user.bestStreak}/${user.streakFreezes}` : null;
  const seen = useRef(key);
  useEffect(() => {
    if (key === null || key === seen.current) return;
    seen.current = key;
    void queryClient.invalidateQueries({ queryKey: progressKeys.mine });
  }, [key, queryClient]);
}

/** FREEZES_MAX snowflakes, the held ones coloured: decoration beside the count, which says it in words. */
function FreezeSlots({ held, size = 'size-4' }: { held: number; size?: string }) {
  return (
    <span aria-hidden className="flex shrink-0 gap-1">
      {Array.from({ length: FREEZES_MAX }, (_, i) => (
        <Snowflake key={i} className={`${size} ${i < held ? 'text-sky-600 dark:text-sky-400' : 'text-line'}`} />
      ))}
    </span>
  );
}

/** Home's progress card: the freezes held and what a freeze is. */
export function FreezeCount({ held }: { held: number }) {
  return (
    <div className="flex items-start gap-3 rounded-lg bg-subtle p-3" data-testid="streak-freezes">
      <Snowflake aria-hidden className="mt-0.5 size-4 shrink-0 text-sky-600 dark:text-sky-400" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-fg" data-testid="freezes-held">
          {freezesLabel(held)}
        </p>
        <p className="mt-0.5 text-xs text-muted" data-testid="freeze-explanation">
          {FREEZE_EXPLANATION}
        </p>
      </div>
      <FreezeSlots held={held} />
    </div>
  );
}

function frozenDaysOf(progress: Progress): string[] {
  return progress.recentDays.filter((d) => d.frozen).map((d) => d.day);
}

/** /profile: the freezes held, what they are, and the days of the last week a freeze covered. */
export function StreakFreezesSection() {
  const { data } = useProgress();
  useProgressFollowsRecord();
  const headingId = useId();
  const frozen = data ? frozenDaysOf(data) : [];
  return (
    <section aria-labelledby={headingId} className={card} data-testid="profile-streak-freezes">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-fg">
        <Snowflake aria-hidden className="size-5 text-sky-600 dark:text-sky-400" />
        Streak freezes
      </h2>
      {data ? (
        <>
          <div className="mt-4 flex items-center justify-between gap-3">
            <p className="text-2xl font-bold text-fg" data-testid="profile-freezes-held">
              {freezesLabel(data.streakFreezes)}
            </p>
            <FreezeSlots held={data.streakFreezes} size="size-6" />
          </div>
          <p className="mt-2 text-sm text-muted">{FREEZE_EXPLANATION}</p>
          {frozen.length > 0 && (
            <div className="mt-4">
              <p className="text-xs font-semibold text-muted">Covered by a freeze in the last 7 days</p>
              <ul className="mt-1.5 flex flex-wrap gap-1.5" data-testid="profile-frozen-days">
                {frozen.map((day) => (
                  <li key={day} className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-medium text-sky-800 dark:bg-sky-950 dark:text-sky-200">
                    <Snowflake aria-hidden className="size-3" />
                    <time dateTime={day}>{readableDay(day)}</time>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      ) : (
        <div className="mt-4 space-y-2" aria-hidden>
          <div className="h-8 w-1/3 animate-pulse rounded bg-subtle" />
          <div className="h-4 w-full animate-pulse rounded bg-subtle" />
        </div>
      )}
    </section>
  );
}
