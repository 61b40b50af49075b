import { z } from 'zod';

/**
 * Web Push: the devices a writer subscribed, and what a push carries.
 *
 * GET    /api/me/push-subscriptions      → PushSubscriptionList (this site's VAPID public key with them)
 * POST   /api/me/push-subscriptions      { subscription } → { subscription: PushDevice } (201; the same endpoint again from its account replaces it, from another 409 endpoint_taken)
 * DELETE /api/me/push-subscriptions/:id  → 204 ("Remove" in Settings)
 */

const base64url = (what: string, max: number) => z.string(`Please send the subscription's ${what}.`).regex(/^[A-Za-z0-9_-]+=*$/, `The subscription's ${what} is not base64url.`).max(max);

/** What the browser's PushSubscription.toJSON() gives (expirationTime ignored). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'The subscription needs the push service’s address.' }).max(2048, 'The push service’s address is too long.'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url('key', 200), auth: base64url('secret', 100) }).strict(),
});
export const pushSubscribeSchema = z.object({ subscription: pushSubscriptionInputSchema }).strict();
export type PushSubscribeInput = z.infer<typeof pushSubscribeSchema>;

/** A subscribed device as Settings lists it. */
export const pushDeviceSchema = z.object({
  id: z.string(),
  /** "Chrome on Android": the browser that subscribed. */
  label: z.string(),
  createdAt: z.string(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushSubscriptionListSchema = z.object({
  devices: z.array(pushDeviceSchema),
  /** The VAPID public key a browser subscribes with (applicationServerKey). */
  publicKey: z.string(),
});
export type PushSubscriptionList = z.infer<typeof pushSubscriptionListSchema>;

/** The answer to a subscription: the device as listed. */
export const pushSubscribedSchema = z.object({ subscription: pushDeviceSchema });

/** A push's payload (web/public/push-sw.js shows it): one notification per `tag`, a newer replacing the older; a click opens `url`. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path of this site. */
  url: z.string().startsWith('/'),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** Subscribed devices a writer may keep. */
export const PUSH_DEVICES_MAX = 20;

export const PUSH_TEXTS = {
  tooManyDevices: `You can receive notifications on up to ${PUSH_DEVICES_MAX} devices. Remove one in Settings first.`,
  insecureEndpoint: 'Push services are reached over https only.',
  privateEndpoint: 'Push services are reached at public internet addresses only.',
  notFound: 'That device is not subscribed.',
  endpointTaken: 'This browser already receives notifications for another account. Remove it there first.',
} as const;
