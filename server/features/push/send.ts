import http from 'node:http';
import https from 'node:https';
import type { PushPayload } from '@common/push/push';
import type { ServerContext } from '../../context';
import { isNonPublicAddressLiteral, publicAddressLookup } from '../../shared/public-address';
import { deleteSubscription, deviceKeysOf } from './queries';

/** How long a push service keeps a push for a device that is off: a reminder or a message hours late is still worth showing; a day late is not. */
const TTL_SECONDS = 12 * 60 * 60;
/** A push service that has not answered in this long is skipped this time. */
const SEND_TIMEOUT_MS = 10_000;

/** The devices a writer subscribed, as a push needs them. */
export function pushDevicesOf(ctx: ServerContext, uid: string) {
  return deviceKeysOf(ctx.db, uid);
}

type PushDevice = Awaited<ReturnType<typeof pushDevicesOf>>[number];

interface PushServiceAnswer {
  status: number;
  /** The start of its body, for the log. */
  text: string;
}

/**
 * POSTs one push. The endpoint is an address a browser gave us, so unless private addresses are
 * allowed (PUSH_HTTP_ENDPOINTS, the tests' local push service) the connection goes only to public
 * addresses, checked on the addresses it uses (publicAddressLookup). web-push's own sender speaks
 * https only and fetch takes no lookup: hence node:http(s).
 */
function postPush(url: URL, headers: Record<string, string>, body: Buffer | null, allowPrivate: boolean): Promise<PushServiceAnswer> {
  if (!allowPrivate && isNonPublicAddressLiteral(url)) return Promise.reject(new Error(`${url.host} is not a public address`));
  return new Promise((resolve, reject) => {
    const options = { method: 'POST', headers, signal: AbortSignal.timeout(SEND_TIMEOUT_MS), ...(allowPrivate ? {} : { lookup: publicAddressLookup }) };
    const request = (url.protocol === 'https:' ? https : http).request(url, options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < 500) chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, 500) }));
      res.on('error', reject);
    });
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

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
        // web-push signs (VAPID) and encrypts; postPush sends it.
        const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, body, {
          vapidDetails: { subject: ctx.config.push.subject, publicKey: ctx.vapid.publicKey, privateKey: ctx.vapid.privateKey },
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
        });
        const res = await postPush(new URL(request.endpoint), request.headers, request.body, ctx.config.push.httpEndpoints);
        if (res.status >= 200 && res.status < 300) return true;
        if (res.status === 404 || res.status === 410) {
          await deleteSubscription(ctx.db, device.id);
        } else {
          ctx.logger.warn({ statusCode: res.status, body: res.text }, 'push refused');
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
