import type { Insertable, Kysely } from 'kysely';
import type { Database, PushSubscriptionsTable } from '../../db/types';
import type { Dialect } from '../../db/database';
import { forUpdate } from '../../db/locks';

type Db = Kysely<Database>;

/** The writer's devices as Settings lists them, newest first. */
export function devicesOf(db: Db, uid: string) {
  return db.selectFrom('pushSubscriptions').select(['id', 'label', 'created_at']).where('uid', '=', uid).orderBy('created_at', 'desc').orderBy('id').execute();
}

/** The devices a writer subscribed, as a push needs them. */
export function deviceKeysOf(db: Db, uid: string) {
  return db.selectFrom('pushSubscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('uid', '=', uid).execute();
}

/** Locks the writer's users row for the rest of the transaction (PostgreSQL): their devices are counted under it. */
export async function lockUserRow(trx: Db, dialect: Dialect, uid: string): Promise<void> {
  await trx.selectFrom('users').select('uid').where('uid', '=', uid).$call(forUpdate(dialect)).executeTakeFirst();
}

/** Removes the writer's own row for this endpoint, if they have one. */
export async function deleteOwnEndpoint(db: Db, uid: string, endpoint: string): Promise<void> {
  await db.deleteFrom('pushSubscriptions').where('endpoint', '=', endpoint).where('uid', '=', uid).execute();
}

/** How many devices the writer has subscribed. */
export async function countDevices(db: Db, uid: string): Promise<number> {
  const count = await db.selectFrom('pushSubscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', uid).executeTakeFirstOrThrow();
  return Number(count.n);
}

/** Stores the subscription unless its endpoint is already stored (undefined then). */
export function insertSubscription(db: Db, row: Insertable<PushSubscriptionsTable>) {
  return db.insertInto('pushSubscriptions').values(row).onConflict((oc) => oc.column('endpoint').doNothing()).returning('id').executeTakeFirst();
}

/** Removes one of the writer's own devices; how many rows went (0 or 1). */
export async function deleteOwnDevice(db: Db, uid: string, id: string): Promise<number> {
  const removed = await db.deleteFrom('pushSubscriptions').where('id', '=', id).where('uid', '=', uid).executeTakeFirst();
  return Number(removed.numDeletedRows);
}

/** A subscription its push service says is gone. */
export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await db.deleteFrom('pushSubscriptions').where('id', '=', id).execute();
}
