import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CalendarClock } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { SCHEDULE_AHEAD_MAX_MS, SCHEDULE_TEXTS, scheduleInstant, scheduleRefusal, wallTimeIn } from '@common/scheduled-publishing/rules';
import { inputField, primaryButton, secondaryButton } from '../../components/ui';
import { formErrorMessage } from '../../lib/errors';
import { scheduleQuery, useCancelSchedule, useSetSchedule } from './api';
import { formatScheduleTime } from './format';

/** Tomorrow at 09:00 in the writer's zone: where the field starts when there is no schedule yet. */
function tomorrowMorning(zone: string): string {
  return `${wallTimeIn(new Date(Date.now() + 24 * 3_600_000), zone).slice(0, 10)}T09:00`;
}

/**
 * On the writer's own private story: "Schedule" opens a date-time field read in their time zone
 * (the one their streaks count in); once set, "Scheduled to publish on <time>" with Change and
 * Cancel. The server says whether it may be scheduled (`permissions.schedule`); it publishes the
 * story at that time as the Make public button does (docs/decisions/0072-scheduled-publishing.md).
 */
export function SchedulePanel({ storyId }: { storyId: string }) {
  const { data } = useQuery(scheduleQuery(storyId));
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const focusOpen = useRef(false);
  const setSchedule = useSetSchedule((e) => setError(formErrorMessage(e)));
  const cancelSchedule = useCancelSchedule();
  const ids = useId();

  useEffect(() => {
    if (editing) inputRef.current?.focus();
    else if (focusOpen.current) {
      // The form or the Cancel button went away: focus goes back to the control that opens the form.
      focusOpen.current = false;
      openRef.current?.focus();
    }
  }, [editing, data]);

  if (!data?.permissions.schedule) return null;
  const zone = data.timezone;
  const schedule = data.schedule;

  const open = () => {
    setValue(schedule ? wallTimeIn(new Date(schedule.publishAt), zone) : tomorrowMorning(zone));
    setError(null);
    setEditing(true);
  };
  const close = () => {
    focusOpen.current = true;
    setEditing(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's rule, said at once; the server checks again.
    const refusal = scheduleRefusal(scheduleInstant(value, zone), new Date());
    if (refusal) {
      setError(refusal);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setSchedule.mutate({ id: storyId, publishAt: value }, { onSuccess: close });
  };
  const cancel = () => cancelSchedule.mutate(storyId, { onSuccess: () => (focusOpen.current = true) });

  const now = new Date();
  return (
    <section aria-labelledby={`${ids}-heading`} className="w-full border-t border-line pt-3" data-testid="schedule-panel">
      <h2 id={`${ids}-heading`} className="sr-only">
        Scheduled publishing
      </h2>
      {schedule && !editing && (
        <p className="flex items-start gap-1.5 text-sm text-fg" data-testid="schedule-status" id={`${ids}-status`}>
          <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-ink" />
          <span>
            {SCHEDULE_TEXTS.scheduledOn} <time dateTime={schedule.publishAt}>{formatScheduleTime(schedule.publishAt, zone)}</time>.
          </span>
        </p>
      )}
      {!editing && (
        <div className={`flex flex-wrap items-center gap-2 ${schedule ? 'mt-2' : ''}`}>
          <button
            ref={openRef}
            type="button"
            className={secondaryButton}
            onClick={open}
            aria-describedby={schedule ? `${ids}-status` : undefined}
            data-testid="schedule-open"
          >
            <CalendarClock aria-hidden className="size-4" />
            {schedule ? 'Change' : 'Schedule'}
          </button>
          {schedule && (
            <button type="button" className={secondaryButton} onClick={cancel} disabled={cancelSchedule.isPending} aria-describedby={`${ids}-status`} data-testid="schedule-cancel">
              Cancel schedule
            </button>
          )}
          {!schedule && <p className="text-sm text-muted">Publish it later by itself, at a time you choose.</p>}
        </div>
      )}
      {editing && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:max-w-sm" data-testid="schedule-form">
          <label htmlFor={`${ids}-time`} className="text-sm font-medium text-fg">
            Publish on
          </label>
          <input
            ref={inputRef}
            id={`${ids}-time`}
            type="datetime-local"
            className={inputField}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            min={wallTimeIn(now, zone)}
            max={wallTimeIn(new Date(now.getTime() + SCHEDULE_AHEAD_MAX_MS), zone)}
            step={60}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={`${ids}-zone${error ? ` ${ids}-error` : ''}`}
            data-testid="schedule-time"
          />
          <p id={`${ids}-zone`} className="text-xs text-muted">
            In your time zone, {zone.replaceAll('_', ' ')}. It becomes public then, as if you pressed Make public.
          </p>
          {error && (
            <p id={`${ids}-error`} role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200" data-testid="schedule-error">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={primaryButton} disabled={setSchedule.isPending} data-testid="schedule-save">
              {schedule ? 'Save new time' : 'Schedule'}
            </button>
            <button type="button" className={secondaryButton} onClick={close}>
              Close
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
