import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  applyNotificationPrefs,
  EMAIL_TYPE_LABELS,
  EMAIL_TYPES,
  isSocialType,
  NOTIFICATION_AUDIENCE_LABELS,
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_TYPE_LABELS,
  PREFERENCE_NOTIFICATION_TYPES,
  type NotificationAudience,
  type NotificationPrefs,
  type NotificationType,
} from '@common/notifications/notifications';
import { LoadError } from '../../components/LoadError';
import { Switch } from '../../components/Switch';
import { card, inputField } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { notificationPrefsQuery, useSaveNotificationPrefs } from './api';
import { PushSection } from './PushSection';
import { DELIVERY_HINTS, deliverySwitch } from './delivery-switches';

function isAudience(value: string): value is NotificationAudience {
  return (NOTIFICATION_AUDIENCES as readonly string[]).includes(value);
}

/** What a switch about the writer's own progress does (self types have no "from whom": nobody else causes them). */
const TYPE_HINTS: Partial<Record<NotificationType, string>> = {
  streak_reminder: 'In your own time zone, and only on a day you have not written yet.',
};

/** One type: on/off, and for social types from whom. */
function TypeRow({ type, prefs, disabled, onChange }: { type: NotificationType; prefs: NotificationPrefs; disabled: boolean; onChange: (update: { on?: boolean; from?: NotificationAudience }) => void }) {
  const selectId = useId();
  const label = NOTIFICATION_TYPE_LABELS[type];
  const { on, from } = prefs.types[type];
  return (
    <li className="space-y-2 py-3" data-testid={`notification-pref-${type}`}>
      <Switch label={label} hint={TYPE_HINTS[type]} on={on} disabled={disabled} onChange={(next) => onChange({ on: next })} align={TYPE_HINTS[type] ? 'start' : 'center'} />
      {isSocialType(type) && (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={selectId} className="sr-only">
            {`${label}: from whom`}
          </label>
          <select
            id={selectId}
            value={from}
            disabled={disabled || !on}
            onChange={(event) => {
              if (isAudience(event.target.value)) onChange({ from: event.target.value });
            }}
            className={`${inputField} w-full disabled:opacity-60 sm:w-60`}
          >
            {NOTIFICATION_AUDIENCES.map((audience) => (
              <option key={audience} value={audience}>
                {NOTIFICATION_AUDIENCE_LABELS[audience]}
              </option>
            ))}
          </select>
        </div>
      )}
    </li>
  );
}

/**
 * /settings "Notifications": which notifications reach the bell (and from whom), and which
 * are emailed. Each change is saved at once; the switches show it while it is on its way.
 */
export function NotificationPrefsSection() {
  const query = useQuery(notificationPrefsQuery);
  const save = useSaveNotificationPrefs();
  const headingId = useId();
  const emailHeadingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const loaded = query.data !== undefined;
  // The bell's "Settings" link leads here (/settings#notifications); the router does not scroll to a hash itself.
  useEffect(() => {
    if (hash === '#notifications' && loaded) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [hash, loaded]);
  // While a change is saving, show it already (the server's answer replaces it).
  const prefs = query.data && save.isPending ? applyNotificationPrefs(query.data, save.variables) : query.data;

  return (
    <section ref={sectionRef} id="notifications" aria-labelledby={headingId} className={`${card} min-w-0 scroll-mt-20`} data-testid="settings-notifications">
      <h2 id={headingId} className="text-lg font-semibold text-fg">
        Notifications
      </h2>
      <p className="mt-1 text-sm text-muted">What the bell tells you about, from whom, and what is emailed or pushed when you are away.</p>
      <div className="mt-4">
        {query.isError ? (
          <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : prefs ? (
          <>
            <ul className="divide-y divide-line">
              {PREFERENCE_NOTIFICATION_TYPES.map((type) => (
                <TypeRow key={type} type={type} prefs={prefs} disabled={save.isPending} onChange={(update) => save.mutate({ types: { [type]: update } })} />
              ))}
            </ul>
            <h3 id={emailHeadingId} className="mt-6 font-semibold text-fg">
              Email
            </h3>
            <p className="mt-1 text-sm text-muted">Sent only when something is still unread after two minutes and you are not on Drabble.</p>
            <ul aria-labelledby={emailHeadingId} className="mt-2 divide-y divide-line">
              {EMAIL_TYPES.map((type) => {
                const shown = deliverySwitch(prefs, type, prefs.email[type]);
                return (
                  <li key={type} className="py-3" data-testid={`email-pref-${type}`}>
                    <Switch
                      label={EMAIL_TYPE_LABELS[type]}
                      hint={DELIVERY_HINTS[type]}
                      srPrefix="Email: "
                      on={shown.on}
                      disabled={save.isPending || shown.waiting}
                      onChange={(on) => save.mutate({ email: { [type]: on } })}
                      align={DELIVERY_HINTS[type] ? 'start' : 'center'}
                    />
                  </li>
                );
              })}
            </ul>
            <PushSection prefs={prefs} saving={save.isPending} onChange={(update) => save.mutate(update)} />
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
