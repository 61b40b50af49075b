import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import {
  GROUP_NAMES_SHOWN,
  NOTIFICATION_LIST_PAGE_SIZE,
  NOTIFICATION_TYPES,
  type NotificationActor,
  type NotificationActorPage,
  type NotificationListResponse,
  type NotificationType,
  type UserNotification,
} from '@common/notifications/notifications';
import { DEFAULT_PROFILE_ICON, isProfileIcon } from '@common/profile/icons';
import type { ServerContext } from '../../context';
import type { Database, NotificationsTable } from '../../db/types';
import { fromDbBool, toDbBool } from '../../db/bool';
import { notFound } from '../../http/errors';
import { authorName } from '../../shared/author';
import { cursorField, decodeCursor, encodeCursor, pageOf } from '../../shared/cursor';
import { ID_PATTERN } from '../../shared/ids';
import { announceBell } from './notify';
import { countUnreadNotifications, notBlockedWith, visibleNotifications } from './queries/store';

/*
 * Reading a writer's own notifications (never the admins' shared list: every query here is
 * addressed to the viewer's uid) and marking them read.
 */

type Db = Kysely<Database>;

export const NOTIFICATION_NOT_FOUND = 'Notification not found.';
/** Actors per page of a group's full list. */
export const ACTOR_PAGE_SIZE = 50;

const listCursor = z.object({ k: z.literal('my-notifications'), u: cursorField.time, i: cursorField.id });
const actorCursor = z.object({ k: z.literal('notification-actors'), c: cursorField.time, u: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

const ROW_COLUMNS = ['id', 'type', 'link', 'read', 'created_at', 'updated_at', 'data'] as const;
type StoredRow = Pick<Selectable<NotificationsTable>, (typeof ROW_COLUMNS)[number]>;

interface StoredData {
  subject: string | null;
  detail: string | null;
}

function parseData(json: string | null): StoredData {
  try {
    const value: unknown = json === null ? null : JSON.parse(json);
    if (value === null || typeof value !== 'object') return { subject: null, detail: null };
    const { subject, detail } = value as Record<string, unknown>;
    return { subject: typeof subject === 'string' ? subject : null, detail: typeof detail === 'string' ? detail : null };
  } catch {
    return { subject: null, detail: null };
  }
}

function typeOf(stored: string): NotificationType | null {
  return NOTIFICATION_TYPES.find((t) => t === stored) ?? null;
}

function actorOf(row: { uid: string; displayName: string | null; name: string; profileIcon: string; profileImage: string | null }): NotificationActor {
  return {
    uid: row.uid,
    displayName: authorName(row),
    profileIcon: isProfileIcon(row.profileIcon) ? row.profileIcon : DEFAULT_PROFILE_ICON,
    profileImage: row.profileImage,
  };
}

/** Actors `uid` may see (they still have an account, no block between them); ordered by the caller, join order first. */
function actorsOf(db: Db, uid: string) {
  return db
    .selectFrom('notificationActors as a')
    .innerJoin('users as u', 'u.uid', 'a.actorUid')
    .select(['a.notificationId', 'a.created_at', 'u.uid', 'u.displayName', 'u.name', 'u.profileIcon', 'u.profileImage'])
    .where(notBlockedWith(uid, 'a.actorUid'));
}

/** The first GROUP_NAMES_SHOWN actors and the count of each notification. */
async function actorSummaries(db: Db, uid: string, ids: string[]): Promise<Map<string, { actors: NotificationActor[]; count: number }>> {
  const out = new Map<string, { actors: NotificationActor[]; count: number }>();
  if (ids.length === 0) return out;
  const ranked = actorsOf(db, uid)
    .select((eb) => [
      eb.fn.agg<number>('row_number').over((ob) => ob.partitionBy('a.notificationId').orderBy('a.created_at').orderBy('u.uid')).as('rank'),
      eb.fn.countAll<number>().over((ob) => ob.partitionBy('a.notificationId')).as('total'),
    ])
    .where('a.notificationId', 'in', ids);
  const rows = await db.selectFrom(ranked.as('r')).selectAll().where('r.rank', '<=', GROUP_NAMES_SHOWN).orderBy('r.notificationId').orderBy('r.rank').execute();
  for (const row of rows) {
    const entry = out.get(row.notificationId) ?? { actors: [], count: Number(row.total) };
    entry.actors.push(actorOf(row));
    out.set(row.notificationId, entry);
  }
  return out;
}

/** The viewer's notifications, latest activity first, a page at a time, with the unread count. */
export async function listMyNotifications(ctx: ServerContext, uid: string, cursor: string | undefined): Promise<NotificationListResponse> {
  const after = decodeCursor(listCursor, cursor);
  let q = visibleNotifications(ctx.db, uid).select(ROW_COLUMNS).where('updated_at', 'is not', null);
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('updated_at', 'id'), '<', tuple(after.u, after.i)));
  const [rows, unread] = await Promise.all([
    q.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(NOTIFICATION_LIST_PAGE_SIZE + 1).execute(),
    countUnreadNotifications(ctx.db, uid),
  ]);
  const { items, nextCursor } = pageOf(rows, NOTIFICATION_LIST_PAGE_SIZE, (last) => encodeCursor({ k: 'my-notifications', u: last.updated_at, i: last.id }));
  return { notifications: await render(ctx.db, uid, items), unread, nextCursor };
}

/** One of the writer's notifications as their list shows it (for its email), or null when gone or hidden. */
export async function findMyNotification(db: Db, uid: string, id: string): Promise<UserNotification | null> {
  const row = await visibleNotifications(db, uid).select(ROW_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? ((await render(db, uid, [row]))[0] ?? null) : null;
}

async function render(db: Db, uid: string, items: StoredRow[]): Promise<UserNotification[]> {
  const actors = await actorSummaries(db, uid, items.map((r) => r.id));
  const notifications: UserNotification[] = [];
  for (const row of items) {
    const type = typeOf(row.type);
    if (type === null) continue;
    const { subject, detail } = parseData(row.data);
    const group = actors.get(row.id) ?? { actors: [], count: 0 };
    notifications.push({
      id: row.id,
      type,
      actors: group.actors,
      actorCount: group.count,
      subject,
      link: row.link ?? '/',
      detail,
      read: fromDbBool(row.read),
      created_at: row.created_at,
      updated_at: row.updated_at ?? row.created_at,
    });
  }
  return notifications;
}

/** 404 unless `id` is one of the viewer's (shown) notifications: someone else's is as good as missing. */
async function requireMine(db: Db, uid: string, id: string): Promise<void> {
  if (!ID_PATTERN.test(id)) throw notFound(NOTIFICATION_NOT_FOUND);
  const row = await visibleNotifications(db, uid).select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
}

/** Everyone in one of the viewer's notifications, in the order they joined. */
export async function listActors(ctx: ServerContext, uid: string, id: string, cursor: string | undefined): Promise<NotificationActorPage> {
  const after = decodeCursor(actorCursor, cursor);
  await requireMine(ctx.db, uid, id);
  let q = actorsOf(ctx.db, uid).where('a.notificationId', '=', id);
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('a.created_at', 'u.uid'), '>', tuple(after.c, after.u)));
  const rows = await q.orderBy('a.created_at').orderBy('u.uid').limit(ACTOR_PAGE_SIZE + 1).execute();
  const { items, nextCursor } = pageOf(rows, ACTOR_PAGE_SIZE, (last) => encodeCursor({ k: 'notification-actors', c: last.created_at, u: last.uid }));
  return { actors: items.map(actorOf), nextCursor };
}

/**
 * Marks one of the viewer's notifications (or, with `id` null, all of them) read. When
 * anything changed, every open tab of theirs hears the new count (`bell.changed`) from the
 * same transaction. Marking a read one again changes nothing and succeeds.
 */
export async function markRead(ctx: ServerContext, uid: string, id: string | null): Promise<{ unread: number }> {
  if (id !== null) await requireMine(ctx.db, uid, id);
  return ctx.db.transaction().execute(async (trx) => {
    let update = trx.updateTable('notifications').set({ read: toDbBool(true) }).where('to', '=', uid).where('read', '=', toDbBool(false));
    if (id !== null) update = update.where('id', '=', id);
    const changed = await update.returning('id').execute();
    if (changed.length > 0) await announceBell(ctx, trx, uid);
    return { unread: await countUnreadNotifications(trx, uid) };
  });
}
