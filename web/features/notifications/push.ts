import { queryOptions } from '@tanstack/react-query';
import { pushContracts } from '@common/push/contract';
import type { PushDevice, PushSubscribeInput } from '@common/push/push';
import { ApiError } from '../../lib/api';
import { callRoute } from '../../lib/call-route';
import { useApiMutation } from '../../lib/mutation';
import { notificationKeys } from '../../lib/query-keys';

/** The devices the writer receives pushes on, with the site's VAPID public key. */
export const pushDevicesQuery = queryOptions({
  queryKey: notificationKeys.pushDevices,
  queryFn: ({ signal }) => callRoute(pushContracts.list, { signal }),
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

/** The server's answer to a subscription another account registered first (server/features/push/subscriptions.ts). */
const ENDPOINT_TAKEN = 'endpoint_taken';

async function registerSubscription(subscription: PushSubscription): Promise<PushDevice> {
  // The DOM types every field of a subscription's JSON as optional; one the browser just made
  // has its endpoint and keys, and the server checks them all the same.
  const json = subscription.toJSON() as PushSubscribeInput['subscription'];
  const { subscription: device } = await callRoute(pushContracts.subscribe, { body: { subscription: json } });
  return device;
}

/**
 * Asks the browser's permission, subscribes with the site's key, and registers the subscription.
 * A refusal is said in words the person can act on (a local ApiError, so the toast shows it).
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushDevice> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new ApiError(0, 'notifications_blocked', PUSH_UI_TEXTS.notificationsBlocked);
  if (permission !== 'granted') throw new ApiError(0, 'notifications_not_allowed', PUSH_UI_TEXTS.permissionRefused);
  const registration = await navigator.serviceWorker.ready;
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
  let subscription = await registration.pushManager.subscribe(options);
  let device: PushDevice;
  try {
    device = await registerSubscription(subscription);
  } catch (error) {
    // Another account registered this browser's subscription (it was signed in here before).
    // This browser is the one asking, so it drops that subscription and makes a new one: the
    // other account's row then reaches nothing, and the push service soon says so (410).
    if (!(error instanceof ApiError && error.code === ENDPOINT_TAKEN)) throw error;
    await subscription.unsubscribe();
    subscription = await registration.pushManager.subscribe(options);
    device = await registerSubscription(subscription);
  }
  try {
    window.localStorage.setItem(THIS_DEVICE_KEY, device.id);
  } catch {
    // Then the list cannot say which device is this one.
  }
  return device;
}

export const PUSH_UI_TEXTS = {
  notificationsBlocked:
    'Notifications are blocked for this site in your browser. To allow them, open the site’s settings (the icon beside the address), set Notifications to Allow, then try again.',
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
      await callRoute(pushContracts.remove, { params: { id } });
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
