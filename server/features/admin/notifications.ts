import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { NOTIFICATION_NOT_FOUND, NOTIFICATION_PAGE_SIZE, type AdminNotification, type NotificationPage, type UnreadCount } from '@common/admin/admin';
import type { ServerContext } from '../../context';
import type { Database, NotificationsTable } from '../../db/types';
import { fromDbBool } from '../../db/bool';
import { ADMINS_TOPIC } from '../../events/bus';
import { notFound } from '../../http/errors';
import { cursorField, decodeCursor, encodeCursor, pageOf } from '../../shared/cursor';
import { DASHED_ID_PATTERN } from '../../shared/ids';
import { adminNotificationRows, countUnreadAdminNotifications, findAdminNotification, markAdminNotificationsRead } from './queries/notifications';

type Db = Kysely<Database>;

/** Kept in common/ for the route contracts. */
export { NOTIFICATION_NOT_FOUND };
/** Notification ids are UUIDs (feature-requests/service.ts); anything else names none. */

const notificationCursor = z.object({ k: z.literal('notifications'), c: cursorField.time, i: z.string().regex(DASHED_ID_PATTERN) });

function parseData(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function toNotification(row: Selectable<NotificationsTable>): AdminNotification {
  return { ...row, read: fromDbBool(row.read), data: parseData(row.data) };
}

/** The admins' notifications, newest first, a page at a time, with the unread count of all. */
export async function listNotifications(db: Db, cursor: string | undefined): Promise<NotificationPage> {
  const after = decodeCursor(notificationCursor, cursor);
  const [rows, unread] = await Promise.all([adminNotificationRows(db, after, NOTIFICATION_PAGE_SIZE + 1), countUnreadAdminNotifications(db)]);
  const { items, nextCursor } = pageOf(rows, NOTIFICATION_PAGE_SIZE, (last) => encodeCursor({ k: 'notifications', c: last.created_at, i: last.id }));
  return { notifications: items.map(toNotification), unread, nextCursor };
}

/**
 * Marks one notification (or, with `id` null, every one) read for all admins. When anything
 * changed, open admin tabs hear it in the same transaction (`notifications.changed`), so
 * their bells refetch. Marking an already read one again changes nothing and succeeds.
 */
export async function markNotificationsRead(ctx: ServerContext, id: string | null): Promise<UnreadCount> {
  return ctx.db.transaction().execute(async (trx) => {
    if (id !== null) {
      const found = await findAdminNotification(trx, id);
      if (!found) throw notFound(NOTIFICATION_NOT_FOUND);
    }
    const changed = await markAdminNotificationsRead(trx, id);
    if (changed.length > 0) await ctx.bus.record(trx, ADMINS_TOPIC, 'notifications.changed', {});
    return { unread: await countUnreadAdminNotifications(trx) };
  });
}
