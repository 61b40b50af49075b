import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DIGEST_TEXTS, DIGEST_WEEKDAYS, WEEKDAY_NAMES, type DigestWeekday } from '@common/digest/rules';
import type { DigestSettings } from '@common/digest/digest';
import { LoadError } from '../../components/LoadError';
import { Switch } from '../../components/Switch';
import { inputField } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { digestSettingsQuery, useSaveDigestSettings } from '../digest';
import { SETTINGS_SECTIONS } from './sections';
import { SettingsSection } from './SettingsSection';

const DAYS = DIGEST_WEEKDAYS.map((day) => ({ value: day, label: WEEKDAY_NAMES[day] }));
const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: `${hour}:00` }));

/** When the next digest is due, on the reader's clock in their zone, in the hours the picker shows: "Sunday, March 7 at 09:00". */
function nextLabel(settings: DigestSettings): string | null {
  if (!settings.nextAt) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: settings.timezone, weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }).format(new Date(settings.nextAt));
  } catch {
    return null;
  }
}

/** One labelled choice of numbers (the day, the hour). */
function Picker({ label, value, options, disabled, width, onChange }: { label: string; value: number; options: Array<{ value: number; label: string }>; disabled: boolean; width: string; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <select id={id} value={value} disabled={disabled} onChange={(event) => onChange(Number(event.target.value))} className={`${inputField} ${width} disabled:opacity-60`}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * /settings "Weekly digest": the opt-in weekly email, its day and hour in the reader's time zone
 * (the one the streak reminder uses). Each change is saved at once, as the notification switches are.
 */
export function DigestSection() {
  const query = useQuery(digestSettingsQuery);
  const save = useSaveDigestSettings();
  // While a change is saving, show it already (the server's answer replaces it).
  const settings = query.data ? (save.isPending && save.variables ? { ...query.data.digest, ...save.variables } : query.data.digest) : undefined;
  const change = (update: Partial<{ on: boolean; weekday: DigestWeekday; hour: number }>) => {
    if (settings) save.mutate({ on: settings.on, weekday: settings.weekday, hour: settings.hour, ...update });
  };
  const next = settings ? nextLabel(settings) : null;
  const locked = save.isPending || !settings?.on;

  return (
    <SettingsSection {...SETTINGS_SECTIONS.digest} description={DIGEST_TEXTS.intro} testId="settings-digest">
      {query.isError ? (
        <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : settings ? (
        <div className="space-y-4">
          <Switch label={DIGEST_TEXTS.switchLabel} on={settings.on} disabled={save.isPending} onChange={(on) => change({ on })} testId="digest-switch" align="center" />
          <div className="flex flex-wrap items-end gap-3">
            <Picker label={DIGEST_TEXTS.dayLabel} value={settings.weekday} options={DAYS} disabled={locked} width="w-40" onChange={(weekday) => change({ weekday: weekday as DigestWeekday })} />
            <Picker label={DIGEST_TEXTS.hourLabel} value={settings.hour} options={HOURS} disabled={locked} width="w-32" onChange={(hour) => change({ hour })} />
          </div>
          <p className="text-sm text-muted" data-testid="digest-when">
            {DIGEST_TEXTS.zoneNote(settings.timezone)}
            {settings.on && next ? ` Next: ${next}.` : ''}
          </p>
        </div>
      ) : undefined}
    </SettingsSection>
  );
}
