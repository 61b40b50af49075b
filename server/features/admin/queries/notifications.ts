import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types';
import { toDbBool } from '../../../db/bool';

type Db = Kysely<Database>;

/** The spec's addressee of every admin notification: one shared list, read state shared by all admins. */
const TO_ADMIN = 'admin';

export async function countUnreadAdminNotifications(db: Db): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('to', '=', TO_ADMIN)
    .where('read', '=', toDbBool(false))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The admins' notifications, newest first, after the (created_at, id) position when one is given, at most `limit`. */
export function adminNotificationRows(db: Db, after: { c: string; i: string } | null, limit: number) {
  let q = db.selectFrom('notifications').selectAll().where('to', '=', TO_ADMIN);
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('created_at', 'id'), '<', tuple(after.c, after.i)));
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export function findAdminNotification(db: Db, id: string) {
  return db.selectFrom('notifications').select('id').where('id', '=', id).where('to', '=', TO_ADMIN).executeTakeFirst();
}

/** Marks one admin notification (or, with `id` null, every one) read; answers the ids it changed. */
export function markAdminNotificationsRead(db: Db, id: string | null) {
  let update = db.updateTable('notifications').set({ read: toDbBool(true) }).where('to', '=', TO_ADMIN).where('read', '=', toDbBool(false));
  if (id !== null) update = update.where('id', '=', id);
  return update.returning('id').execute();
}
