import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import {
  EMAIL_DELAY_MS,
  FOLLOW_GROUP_MS,
  STORY_GROUP_MS,
  isSocialType,
  resolveNotificationPrefs,
  wantsDelivery,
  type EmailType,
  type NotificationPrefs,
  type NotificationType,
} from '@common/notifications/notifications';
import { storyTopic } from '@common/events/live-events';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { toDbBool } from '../../db/bool';
import { userTopic } from '../../events/bus';
import { blockedEitherWay } from '../../policy/relations';
import { newId } from '../../shared/ids';
import { isWatching } from '../../shared/presence';

/*
 * Writing a writer's notifications. Features call `notify` and `withdraw` inside
 * the transaction of the change they report, so a notification exists exactly when its
 * cause does; every change tells the recipient's open tabs the new unread count
 * (`bell.changed`) in the same transaction.
 */

type Trx = Transaction<Database>;

/** What a notification is about. Which fields matter depends on the type (see groupKeyOf). */
export interface NotificationCause {
  /** The addressee (a uid). */
  to: string;
  type: NotificationType;
  /** Who did it. Nobody is notified of their own actions. */
  actorUid: string;
  at: string;
  /** Where the row leads. */
  link: string;
  /** The story's title, the suggestion's opening words. */
  subject?: string | null;
  /** A comment's opening words, a suggestion's new status. */
  detail?: string | null;
  storyId?: string;
  commentId?: string;
  conversationId?: string;
  featureRequestId?: string;
}

interface Grouping {
  key: string;
  /** A later cause joins a row with this key created within this long; 0: never joins. */
  windowMs: number;
}

/** Reactions and favourites per story (12 hours), follows (24 hours) group; the rest never do but keep a key to be withdrawn by. */
function groupingOf(cause: NotificationCause): Grouping {
  switch (cause.type) {
    case 'reaction':
    case 'favorite':
      return { key: `${cause.type}:${cause.storyId ?? ''}`, windowMs: STORY_GROUP_MS };
    case 'follow':
      return { key: 'follow', windowMs: FOLLOW_GROUP_MS };
    case 'comment':
      return { key: `comment:${cause.commentId ?? ''}`, windowMs: 0 };
    case 'friend':
    case 'follow_request':
      return { key: `${cause.type}:${cause.actorUid}`, windowMs: 0 };
    case 'message_request':
      return { key: `message_request:${cause.conversationId ?? ''}`, windowMs: 0 };
    case 'feature_request_response':
    case 'feature_request_status':
      return { key: `${cause.type}:${cause.featureRequestId ?? ''}`, windowMs: 0 };
    case 'moderation':
    case 'badge':
    case 'streak_reminder':
    case 'contest':
    case 'fediverse_reply':
      // Written by notifySelf (self.ts), which bypasses `notify`; each stands alone.
      return { key: `${cause.type}:${cause.at}`, windowMs: 0 };
  }
}

const EMAILED: Partial<Record<NotificationType, EmailType>> = { comment: 'comment', feature_request_response: 'feature_request_response' };

export async function loadNotificationPrefs(trx: Trx, uid: string): Promise<NotificationPrefs> {
  const row = await trx.selectFrom('users').select('notificationPrefs').where('uid', '=', uid).executeTakeFirst();
  if (!row?.notificationPrefs) return resolveNotificationPrefs(null);
  try {
    return resolveNotificationPrefs(JSON.parse(row.notificationPrefs));
  } catch {
    return resolveNotificationPrefs(null);
  }
}

/** Whether `to` wants this cause at all: not their own, nobody blocked or muted, their preferences, not what they are looking at. */
async function wanted(ctx: ServerContext, trx: Trx, cause: NotificationCause, prefs: NotificationPrefs): Promise<boolean> {
  if (cause.to === cause.actorUid) return false;
  const pref = prefs.types[cause.type];
  if (!pref.on) return false;
  if (await blockedEitherWay(trx, cause.to, cause.actorUid)) return false;
  const muted = await trx
    .selectFrom('mutes')
    .select('mutedUid')
    .where('muterUid', '=', cause.to)
    .where('mutedUid', '=', cause.actorUid)
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', cause.at)]))
    .executeTakeFirst();
  if (muted) return false;
  if (isSocialType(cause.type) && pref.from === 'following') {
    const follows = await trx.selectFrom('follows').select('followeeUid').where('followerUid', '=', cause.to).where('followeeUid', '=', cause.actorUid).executeTakeFirst();
    if (!follows) return false;
  }
  if (cause.storyId && (await isWatching(trx, cause.to, storyTopic(cause.storyId), cause.at))) return false;
  return true;
}

/**
 * Serializes writes to one addressee's group until commit (PostgreSQL; SQLite's write
 * transactions already run one at a time), so two causes at once join one row instead of
 * making two. An advisory lock on (addressee, group), not the addressee's users row: callers
 * already hold story or user rows in their own order (a reaction holds the story, a block both
 * writers), and taking the users row late would deadlock against a transaction that took them
 * the other way round. The causes of one group already queue on the same first lock (the
 * story's row for reactions and favourites, the followee's row for follows), so this lock
 * never waits while its holder waits for another.
 */
async function lockGroup(ctx: ServerContext, trx: Trx, uid: string, groupKey: string): Promise<boolean> {
  if (ctx.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtextextended(${`notify:${uid}:${groupKey}`}, 0))`.execute(trx);
  const row = await trx.selectFrom('users').select('uid').where('uid', '=', uid).executeTakeFirst();
  return row !== undefined;
}

export async function countUnreadNotifications(db: Kysely<Database>, uid: string): Promise<number> {
  const row = await visibleNotifications(db, uid)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('read', '=', toDbBool(false))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A writer's notifications as their list and bell count them. What is gone takes its rows
 * out of sight: a deleted story (every story type links to '/story/<id>'), and a row whose
 * people have all left or are blocked either way. The rows stay but are never shown or
 * counted, so deleting a story or an account, or blocking someone, needs nothing from this
 * feature, and unblocking brings them back as they were.
 */
export function visibleNotifications(db: Kysely<Database>, uid: string) {
  return db
    .selectFrom('notifications')
    .where('to', '=', uid)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('notificationActors as a')
          .innerJoin('users as au', 'au.uid', 'a.actorUid')
          .select('a.actorUid')
          .whereRef('a.notificationId', '=', 'notifications.id')
          .where(notBlockedWith(uid, 'a.actorUid')),
      ),
    )
    .where((eb) =>
      eb.or([
        eb.not(eb('link', 'like', `${STORY_LINK}%`)),
        // The streak reminder leads to the editor, not to a story.
        eb('link', '=', `${STORY_LINK}new`),
        // A moderators' notice names what it is about in its own words: it stays when that story goes.
        eb('type', '=', 'moderation'),
        eb.exists(eb.selectFrom('stories').select('stories.id').where('stories.id', '=', sql<string>`substr(${sql.ref('notifications.link')}, ${STORY_LINK.length + 1})`)),
      ]),
    );
}

const STORY_LINK = '/story/';

/**
 * No block stands between `uid` and the actor in column `actor` (either way): a blocked
 * writer's part in a notification is out of sight while the block lasts.
 */
export function notBlockedWith(uid: string, actor: string) {
  const blocker = sql.ref('bl.blockerUid');
  const blocked = sql.ref('bl.blockedUid');
  const other = sql.ref(actor);
  return sql<SqlBool>`not exists (select 1 from ${sql.table('blocks')} as bl where (${blocker} = ${uid} and ${blocked} = ${other}) or (${blocked} = ${uid} and ${blocker} = ${other}))`;
}

/** A comment's or a suggestion's opening words for a row or an email: whitespace folded, cut at a word with "…". */
export function openingWords(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Tells the addressee's open tabs their new unread count (the bell, the tab title). */
export async function announceBell(ctx: ServerContext, trx: Trx, uid: string): Promise<void> {
  await ctx.bus.record(trx, userTopic(uid), 'bell.changed', { unread: await countUnreadNotifications(trx, uid) });
}

/** A notification row as `insertNotification` writes it. */
export interface NewNotification {
  id: string;
  /** A uid, or 'admin' for the admins' shared list. */
  to: string;
  type: string;
  message: string;
  link: string;
  at: string;
  /** Stored as JSON. */
  data: Record<string, unknown>;
  /**
   * A writer's row: its group key and its first actor, and it is listed by when it last
   * changed. Null for a row of the admins' list (a new suggestion), which has neither and is
   * listed by when it was made.
   */
  group: { key: string; actorUid: string } | null;
}

/**
 * The one writer of notification rows: `notify`, `notifySelf` (self.ts) and a new suggestion
 * (feature-requests) all insert through here, in their caller's transaction.
 */
export async function insertNotification(trx: Trx, row: NewNotification): Promise<void> {
  await trx
    .insertInto('notifications')
    .values({
      id: row.id,
      to: row.to,
      type: row.type,
      message: row.message,
      link: row.link,
      read: toDbBool(false),
      created_at: row.at,
      ...(row.group ? { updated_at: row.at, groupKey: row.group.key } : {}),
      data: JSON.stringify(row.data),
    })
    .execute();
  if (row.group) await trx.insertInto('notificationActors').values({ notificationId: row.id, actorUid: row.group.actorUid, created_at: row.at }).execute();
}

/**
 * Records the cause: a new row, or the actor joins the addressee's open group (which then
 * becomes unread again and moves to the top). Someone already in the group changes nothing.
 * Returns the notification's id, or null when nothing was written.
 */
export async function notify(ctx: ServerContext, trx: Trx, cause: NotificationCause): Promise<string | null> {
  if (cause.to === cause.actorUid) return null;
  const grouping = groupingOf(cause);
  if (!(await lockGroup(ctx, trx, cause.to, grouping.key))) return null;
  const prefs = await loadNotificationPrefs(trx, cause.to);
  if (!(await wanted(ctx, trx, cause, prefs))) return null;

  let id: string | null = null;
  if (grouping.windowMs > 0) {
    const since = new Date(Date.parse(cause.at) - grouping.windowMs).toISOString();
    const open = await trx
      .selectFrom('notifications')
      .select('id')
      .where('to', '=', cause.to)
      .where('groupKey', '=', grouping.key)
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (open) {
      const joined = await trx
        .insertInto('notificationActors')
        .values({ notificationId: open.id, actorUid: cause.actorUid, created_at: cause.at })
        .onConflict((oc) => oc.columns(['notificationId', 'actorUid']).doNothing())
        .returning('actorUid')
        .execute();
      if (joined.length === 0) return null;
      await trx.updateTable('notifications').set({ read: toDbBool(false), updated_at: cause.at }).where('id', '=', open.id).execute();
      id = open.id;
    }
  }
  if (id === null) {
    id = newId();
    await insertNotification(trx, {
      id,
      to: cause.to,
      type: cause.type,
      message: cause.detail ?? cause.subject ?? '',
      link: cause.link,
      at: cause.at,
      data: { subject: cause.subject ?? null, detail: cause.detail ?? null, storyId: cause.storyId ?? null },
      group: { key: grouping.key, actorUid: cause.actorUid },
    });
  }

  const emailType = EMAILED[cause.type];
  if (emailType && wantsDelivery(prefs, emailType)) await scheduleEmail(trx, { uid: cause.to, type: emailType, ref: id, at: cause.at });
  await announceBell(ctx, trx, cause.to);
  return id;
}

/**
 * Takes the actor back out of the addressee's rows with this cause's key (a reaction taken
 * back, a comment deleted, an unfollow); a row nobody is left in is removed.
 */
export async function withdraw(ctx: ServerContext, trx: Trx, cause: Pick<NotificationCause, 'to' | 'type' | 'actorUid' | 'storyId' | 'commentId' | 'conversationId' | 'featureRequestId'>): Promise<void> {
  const { key } = groupingOf({ ...cause, at: '', link: '' });
  const rows = await trx.selectFrom('notifications').select('id').where('to', '=', cause.to).where('groupKey', '=', key).execute();
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  const removed = await trx.deleteFrom('notificationActors').where('notificationId', 'in', ids).where('actorUid', '=', cause.actorUid).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return;
  await trx
    .deleteFrom('notifications')
    .where('id', 'in', ids)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('notificationActors as a').select('a.actorUid').whereRef('a.notificationId', '=', 'notifications.id'))))
    .execute();
  await announceBell(ctx, trx, cause.to);
}

/** An email to send after EMAIL_DELAY_MS if `ref` (a notification, or a conversation for messages) is still unread then. One per ref. */
export async function scheduleEmail(trx: Trx, email: { uid: string; type: EmailType; ref: string; at: string }): Promise<void> {
  const waiting = await trx.selectFrom('pendingEmails').select('id').where('uid', '=', email.uid).where('type', '=', email.type).where('ref', '=', email.ref).executeTakeFirst();
  if (waiting) return;
  await trx
    .insertInto('pendingEmails')
    .values({ id: newId(), uid: email.uid, type: email.type, ref: email.ref, dueAt: new Date(Date.parse(email.at) + EMAIL_DELAY_MS).toISOString() })
    .execute();
}

/** A new message: emailed (and pushed) after EMAIL_DELAY_MS if the conversation is still unread for `to` then (and they want either). */
export async function scheduleMessageEmail(trx: Trx, to: string, conversationId: string, at: string): Promise<void> {
  const prefs = await loadNotificationPrefs(trx, to);
  if (wantsDelivery(prefs, 'message')) await scheduleEmail(trx, { uid: to, type: 'message', ref: conversationId, at });
}
