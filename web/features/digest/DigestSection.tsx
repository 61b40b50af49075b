import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DIGEST_TEXTS, DIGEST_WEEKDAYS, WEEKDAY_NAMES, type DigestWeekday } from '@common/digest/rules';
import type { DigestSettings } from '@common/digest/digest';
import { LoadError } from '../../components/LoadError';
import { Switch } from '../../components/Switch';
import { card, inputField } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { digestSettingsQuery, useSaveDigestSettings } from './api';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** When the next digest is due, on the reader's clock in their zone, in the hours the picker shows: "Sunday, March 7 at 09:00". */
function nextLabel(settings: DigestSettings): string | null {
  if (!settings.nextAt) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: settings.timezone, weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }).format(new Date(settings.nextAt));
  } catch {
    return null;
  }
}

/**
 * /settings "Weekly digest": the opt-in weekly email, its day and hour in the reader's time zone
 * (the one the streak reminder uses). Each change is saved at once, as the notification switches are.
 */
export function DigestSection() {
  const query = useQuery(digestSettingsQuery);
  const save = useSaveDigestSettings();
  const headingId = useId();
  const dayId = useId();
  const hourId = useId();
  // While a change is saving, show it already (the server's answer replaces it).
  const settings = query.data ? (save.isPending && save.variables ? { ...query.data.digest, ...save.variables } : query.data.digest) : undefined;
  const change = (update: Partial<{ on: boolean; weekday: DigestWeekday; hour: number }>) => {
    if (!settings) return;
    save.mutate({ on: settings.on, weekday: settings.weekday, hour: settings.hour, ...update });
  };
  const next = settings ? nextLabel(settings) : null;

  return (
    <section id="weekly-digest" aria-labelledby={headingId} className={`${card} min-w-0 scroll-mt-20`} data-testid="settings-digest">
      <h2 id={headingId} className="text-lg font-semibold text-fg">
        {DIGEST_TEXTS.title}
      </h2>
      <p className="mt-1 text-sm text-muted">{DIGEST_TEXTS.intro}</p>
      <div className="mt-4 space-y-4">
        {query.isError ? (
          <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : settings ? (
          <>
            <Switch label={DIGEST_TEXTS.switchLabel} on={settings.on} disabled={save.isPending} onChange={(on) => change({ on })} testId="digest-switch" align="center" />
            <div className="flex flex-wrap items-end gap-3">
              <div className="flex flex-col gap-1">
                <label htmlFor={dayId} className="text-sm font-medium text-fg">
                  {DIGEST_TEXTS.dayLabel}
                </label>
                <select
                  id={dayId}
                  value={settings.weekday}
                  disabled={save.isPending || !settings.on}
                  onChange={(event) => change({ weekday: Number(event.target.value) as DigestWeekday })}
                  className={`${inputField} w-40 disabled:opacity-60`}
                >
                  {DIGEST_WEEKDAYS.map((day) => (
                    <option key={day} value={day}>
                      {WEEKDAY_NAMES[day]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor={hourId} className="text-sm font-medium text-fg">
                  {DIGEST_TEXTS.hourLabel}
                </label>
                <select
                  id={hourId}
                  value={settings.hour}
                  disabled={save.isPending || !settings.on}
                  onChange={(event) => change({ hour: Number(event.target.value) })}
                  className={`${inputField} w-32 disabled:opacity-60`}
                >
                  {HOURS.map((hour) => (
                    <option key={hour} value={hour}>
                      {`${hour}:00`}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <p className="text-sm text-muted" data-testid="digest-when">
              {DIGEST_TEXTS.zoneNote(settings.timezone)}
              {settings.on && next ? ` Next: ${next}.` : ''}
            </p>
          </>
        ) : (
          <div className="space-y-3" aria-hidden>
            <div className="h-5 w-2/3 animate-pulse rounded bg-subtle" />
            <div className="h-10 animate-pulse rounded-md bg-subtle" />
          </div>
        )}
      </div>
    </section>
  );
}
