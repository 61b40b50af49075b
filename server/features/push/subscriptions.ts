import { PUSH_DEVICES_MAX, PUSH_TEXTS, type PushDevice, type PushSubscribeInput, type PushSubscriptionList } from '@common/push';
import { deviceLabel } from '@common/user-agent';
import type { ServerContext } from '../../context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { forUpdate } from '../../db/locks';
import { newId } from '../../shared/ids';
import { namesNonPublicHost } from '../../shared/public-address';

function toDevice(row: { id: string; label: string; created_at: string }): PushDevice {
  return { id: row.id, label: row.label, createdAt: row.created_at };
}

export async function listDevices(ctx: ServerContext, uid: string): Promise<PushSubscriptionList> {
  const rows = await ctx.db.selectFrom('pushSubscriptions').select(['id', 'label', 'created_at']).where('uid', '=', uid).orderBy('created_at', 'desc').orderBy('id').execute();
  return { devices: rows.map(toDevice), publicKey: ctx.vapid.publicKey };
}

/**
 * Keeps a device's subscription for the signed-in writer. The same endpoint again (the browser
 * re-subscribed, or another account signed in on it) replaces the row: an endpoint reaches one
 * person. At most PUSH_DEVICES_MAX per writer, counted under their users row's lock.
 */
export async function subscribe(ctx: ServerContext, uid: string, input: PushSubscribeInput, userAgent: string | undefined, now = new Date()): Promise<PushDevice> {
  const { endpoint, keys } = input.subscription;
  if (!ctx.config.push.httpEndpoints) {
    if (!endpoint.startsWith('https://')) throw badRequest(PUSH_TEXTS.insecureEndpoint);
    // Said now for what the address itself shows; names are checked on every push (send.ts),
    // where what DNS answers then is what counts.
    if (namesNonPublicHost(new URL(endpoint))) throw badRequest(PUSH_TEXTS.privateEndpoint);
  }
  const row = { id: newId(), uid, endpoint, p256dh: keys.p256dh, auth: keys.auth, label: deviceLabel(userAgent), created_at: now.toISOString() };
  await ctx.db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('uid').where('uid', '=', uid).$call(forUpdate(ctx.dialect)).executeTakeFirst();
    await trx.deleteFrom('pushSubscriptions').where('endpoint', '=', endpoint).execute();
    const count = await trx.selectFrom('pushSubscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', uid).executeTakeFirstOrThrow();
    if (Number(count.n) >= PUSH_DEVICES_MAX) throw conflict(PUSH_TEXTS.tooManyDevices);
    await trx.insertInto('pushSubscriptions').values(row).execute();
  });
  return toDevice(row);
}

/** "Remove" in Settings: only the writer's own device. */
export async function removeDevice(ctx: ServerContext, uid: string, id: string): Promise<void> {
  const removed = await ctx.db.deleteFrom('pushSubscriptions').where('id', '=', id).where('uid', '=', uid).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw notFound(PUSH_TEXTS.notFound);
}
