/** Web Push: the VAPID keys, the devices a writer subscribed, and sending to them. Deliveries decide in notifications/emails.ts. */
export { resolveVapidKeys, type VapidKeys } from './vapid';
export { pushDevicesOf, pushToDevices } from './send';
