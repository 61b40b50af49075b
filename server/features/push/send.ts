import type { PushPayload } from '@common/push';
import type { ServerContext } from '../../context';

/** How long a push service keeps a push for a device that is off: a reminder or a message hours late is still worth showing; a day late is not. */
const TTL_SECONDS = 12 * 60 * 60;
/** A push service that has not answered in this long is skipped this time. */
const SEND_TIMEOUT_MS = 10_000;

/** The devices a writer subscribed, as a push needs them. */
export function pushDevicesOf(ctx: ServerContext, uid: string) {
  return ctx.db.selectFrom('pushSubscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('uid', '=', uid).execute();
}

type PushDevice = Awaited<ReturnType<typeof pushDevicesOf>>[number];

/**
 * Pushes `payload` to these devices (pushDevicesOf), signed with this site's VAPID keys and
 * encrypted for each device (aes128gcm). A push service answering 404 or 410 says the
 * subscription is gone: its row is deleted. Other failures are logged and skipped (the bell
 * still has the notification). Returns how many devices took it.
 */
export async function pushToDevices(ctx: ServerContext, devices: readonly PushDevice[], payload: PushPayload): Promise<number> {
  if (devices.length === 0) return 0;
  // Loaded at the first push, not at start-up: web-push and its ASN.1 stack cost an idle server
  // memory it keeps (vite.server.config.ts leaves it outside the bundle; bench:startup).
  const { default: webpush } = await import('web-push');
  const body = JSON.stringify(payload);
  const results = await Promise.all(
    devices.map(async (device) => {
      try {
        // web-push signs (VAPID) and encrypts; the request goes out through fetch, which also
        // reaches a local push service over http (PUSH_HTTP_ENDPOINTS, tests): web-push's own sender speaks https only.
        const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, body, {
          vapidDetails: { subject: ctx.config.push.subject, publicKey: ctx.vapid.publicKey, privateKey: ctx.vapid.privateKey },
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
        });
        const res = await fetch(request.endpoint, { method: request.method, headers: request.headers, body: request.body === null ? undefined : new Uint8Array(request.body), signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
        if (res.ok) return true;
        if (res.status === 404 || res.status === 410) {
          await ctx.db.deleteFrom('pushSubscriptions').where('id', '=', device.id).execute();
        } else {
          ctx.logger.warn({ statusCode: res.status, body: (await res.text()).slice(0, 500) }, 'push refused');
        }
        return false;
      } catch (err) {
        ctx.logger.warn({ err }, 'push failed');
        return false;
      }
    }),
  );
  return results.filter(Boolean).length;
}
