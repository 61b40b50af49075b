import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { EMAIL_TYPE_LABELS, PUSH_TYPES, type NotificationPrefs, type NotificationPrefsUpdate } from '@common/notifications/notifications';
import { LoadError } from '../../components/LoadError';
import { Switch } from '../../components/Switch';
import { secondaryButton } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { DELIVERY_HINTS, deliverySwitch } from './delivery-switches';
import { pushDevicesQuery, pushSupported, thisDeviceId, useRemoveDevice, useSubscribeThisDevice } from './push';

/**
 * /settings "Notifications", push part: a switch per pushed type beside the email
 * ones, the devices that receive them with "Remove", and turning them on for this device.
 */
export function PushSection({ prefs, saving, onChange }: { prefs: NotificationPrefs; saving: boolean; onChange: (update: NotificationPrefsUpdate) => void }) {
  const headingId = useId();
  const devices = useQuery(pushDevicesQuery);
  const subscribe = useSubscribeThisDevice();
  const remove = useRemoveDevice();
  const mine = thisDeviceId();
  const subscribedHere = devices.data?.devices.some((d) => d.id === mine) ?? false;
  return (
    <>
      <h3 id={headingId} className="mt-6 font-semibold text-fg">
        Push notifications
      </h3>
      <p className="mt-1 text-sm text-muted">On your phone or computer, by the same rules as email. On iPhone and iPad, add Drabble to your home screen first.</p>
      <ul aria-labelledby={headingId} className="mt-2 divide-y divide-line">
        {PUSH_TYPES.map((type) => {
          const shown = deliverySwitch(prefs, type, prefs.push[type]);
          return (
            <li key={type} className="py-3" data-testid={`push-pref-${type}`}>
              <Switch
                label={EMAIL_TYPE_LABELS[type]}
                hint={DELIVERY_HINTS[type]}
                srPrefix="Push: "
                on={shown.on}
                disabled={saving || shown.waiting}
                onChange={(on) => onChange({ push: { [type]: on } })}
                align={DELIVERY_HINTS[type] ? 'start' : 'center'}
              />
            </li>
          );
        })}
      </ul>
      <div className="mt-3" data-testid="push-devices">
        {devices.isError ? (
          <LoadError message={errorMessage(devices.error)} onRetry={() => void devices.refetch()} />
        ) : devices.data ? (
          <>
            {devices.data.devices.length === 0 ? (
              <p className="text-sm text-muted">No device receives push notifications yet.</p>
            ) : (
              <ul className="divide-y divide-line rounded-lg border border-line">
                {devices.data.devices.map((device) => (
                  <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span className="text-fg">
                      {device.label}
                      {device.id === mine && <span className="ml-2 text-muted">(this device)</span>}
                      <span className="block text-xs text-muted">Since {formatDateTime(device.createdAt)}</span>
                    </span>
                    <button type="button" className={`${secondaryButton} py-1`} disabled={remove.isPending} onClick={() => remove.mutate(device.id)} aria-label={`Remove ${device.label}`}>
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {pushSupported() && !subscribedHere && (
              <button type="button" className={`${secondaryButton} mt-3`} disabled={subscribe.isPending} onClick={() => devices.data && subscribe.mutate(devices.data.publicKey)}>
                Turn on for this device
              </button>
            )}
          </>
        ) : null}
      </div>
    </>
  );
}
