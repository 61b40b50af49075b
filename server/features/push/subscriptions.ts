import { PUSH_DEVICES_MAX, PUSH_TEXTS, type PushDevice, type PushSubscribeInput, type PushSubscriptionList } from '@common/push/push';
import { deviceLabel } from '@common/account/user-agent';
import type { ServerContext } from '../../context';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { newId } from '../../shared/ids';
import { namesNonPublicHost } from '../../shared/public-address';
import { countDevices, deleteOwnDevice, deleteOwnEndpoint, devicesOf, insertSubscription, lockUserRow } from './queries';

function toDevice(row: { id: string; label: string; created_at: string }): PushDevice {
  return { id: row.id, label: row.label, createdAt: row.created_at };
}

export async function listDevices(ctx: ServerContext, uid: string): Promise<PushSubscriptionList> {
  const rows = await devicesOf(ctx.db, uid);
  return { devices: rows.map(toDevice), publicKey: ctx.vapid.publicKey };
}

/**
 * Keeps a device's subscription for the signed-in writer. An endpoint belongs to the account
 * that registered it first until that account removes it: anyone could post an endpoint they
 * read somewhere, and taking it over would turn a stranger's pushes to them. The same account
 * again (the browser re-subscribed) replaces its row; another gets 409 `endpoint_taken` (the
 * browser's own page then makes a new subscription, web/features/notifications/push.ts).
 * At most PUSH_DEVICES_MAX per writer, counted under their users row's lock.
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
    await lockUserRow(trx, ctx.dialect, uid);
    await deleteOwnEndpoint(trx, uid, endpoint);
    const count = await countDevices(trx, uid);
    if (count >= PUSH_DEVICES_MAX) throw conflict(PUSH_TEXTS.tooManyDevices);
    // The endpoint is unique: another account's row, committed before or at the same time,
    // makes this insert do nothing (PostgreSQL waits for the other transaction to decide).
    const inserted = await insertSubscription(trx, row);
    if (!inserted) throw new AppError(409, 'endpoint_taken', PUSH_TEXTS.endpointTaken);
  });
  return toDevice(row);
}

/** "Remove" in Settings: only the writer's own device. */
export async function removeDevice(ctx: ServerContext, uid: string, id: string): Promise<void> {
  if ((await deleteOwnDevice(ctx.db, uid, id)) === 0) throw notFound(PUSH_TEXTS.notFound);
}
