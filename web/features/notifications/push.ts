import { queryOptions } from '@tanstack/react-query';
import { pushDeviceSchema, pushSubscriptionListSchema, type PushDevice } from '@common/push';
import { z } from 'zod';
import { apiFetch } from '../../lib/api';
import { useApiMutation } from '../../lib/mutation';
import { notificationKeys } from '../../lib/query-keys';

/** The devices the writer receives pushes on, with the site's VAPID public key. */
export const pushDevicesQuery = queryOptions({
  queryKey: notificationKeys.pushDevices,
  queryFn: ({ signal }) => apiFetch('/api/me/push-subscriptions', { schema: import.meta.env.DEV ? pushSubscriptionListSchema : undefined, signal }),
});

/** Which listed device is this browser: kept when it subscribed. */
const THIS_DEVICE_KEY = 'drabble.pushDevice';

export function thisDeviceId(): string | null {
  try {
    return window.localStorage.getItem(THIS_DEVICE_KEY);
  } catch {
    return null;
  }
}

/** Whether this browser can receive pushes at all (an installed app on iOS, most browsers elsewhere). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The VAPID key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const subscribedSchema = z.object({ subscription: pushDeviceSchema });

/** Asks the browser's permission, subscribes with the site's key, and registers the subscription. */
async function subscribeThisDevice(publicKey: string): Promise<PushDevice> {
  if ((await Notification.requestPermission()) !== 'granted') throw new Error(PUSH_UI_TEXTS.permissionRefused);
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const { subscription: device } = await apiFetch('/api/me/push-subscriptions', { method: 'POST', body: { subscription: subscription.toJSON() }, schema: import.meta.env.DEV ? subscribedSchema : undefined });
  try {
    window.localStorage.setItem(THIS_DEVICE_KEY, device.id);
  } catch {
    // Then the list cannot say which device is this one.
  }
  return device;
}

export const PUSH_UI_TEXTS = {
  permissionRefused: 'Your browser did not allow notifications. You can allow them in its site settings.',
  turnedOn: 'Notifications are on for this device.',
  removed: 'Device removed.',
} as const;

export const useSubscribeThisDevice = () =>
  useApiMutation({
    request: (publicKey: string) => subscribeThisDevice(publicKey),
    success: PUSH_UI_TEXTS.turnedOn,
    onSuccess: (_device, _key, queryClient) => queryClient.invalidateQueries({ queryKey: notificationKeys.pushDevices }),
  });

export const useRemoveDevice = () =>
  useApiMutation({
    request: async (id: string) => {
      await apiFetch(`/api/me/push-subscriptions/${encodeURIComponent(id)}`, { method: 'DELETE' });
      // This browser's own: its subscription goes too, so the push service forgets it.
      if (id === thisDeviceId()) {
        window.localStorage.removeItem(THIS_DEVICE_KEY);
        const registration = await navigator.serviceWorker?.getRegistration();
        await (await registration?.pushManager.getSubscription())?.unsubscribe();
      }
    },
    success: PUSH_UI_TEXTS.removed,
    onSuccess: (_r, _id, queryClient) => queryClient.invalidateQueries({ queryKey: notificationKeys.pushDevices }),
  });
