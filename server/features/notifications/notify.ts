import type { Transaction } from 'kysely';
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
import { userTopic } from '../../events/bus';
import { blockedEitherWay } from '../../policy/relations';
import { newId } from '../../shared/ids';
import { isWatching } from '../../shared/presence';
import {
  countUnreadNotifications,
  deleteActor,
  deleteEmptyNotifications,
  findNotificationPrefsJson,
  findOpenGroup,
  follows,
  insertActor,
  insertNotification,
  insertPendingEmail,
  isMutedAt,
  lockGroup,
  markUnreadAndMoveUp,
  notificationIdsOfGroup,
  pendingEmailExists,
} from './queries/store';

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
    case 'anthology':
      // Written by notifySelf (self.ts), which bypasses `notify`; each stands alone.
      return { key: `${cause.type}:${cause.at}`, windowMs: 0 };
  }
}

const EMAILED: Partial<Record<NotificationType, EmailType>> = { comment: 'comment', feature_request_response: 'feature_request_response' };

export async function loadNotificationPrefs(trx: Trx, uid: string): Promise<NotificationPrefs> {
  const stored = await findNotificationPrefsJson(trx, uid);
  if (!stored) return resolveNotificationPrefs(null);
  try {
    return resolveNotificationPrefs(JSON.parse(stored));
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
  if (await isMutedAt(trx, cause.to, cause.actorUid, cause.at)) return false;
  if (isSocialType(cause.type) && pref.from === 'following' && !(await follows(trx, cause.to, cause.actorUid))) return false;
  if (cause.storyId && (await isWatching(trx, cause.to, storyTopic(cause.storyId), cause.at))) return false;
  return true;
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

/**
 * Records the cause: a new row, or the actor joins the addressee's open group (which then
 * becomes unread again and moves to the top). Someone already in the group changes nothing.
 * Returns the notification's id, or null when nothing was written.
 */
export async function notify(ctx: ServerContext, trx: Trx, cause: NotificationCause): Promise<string | null> {
  if (cause.to === cause.actorUid) return null;
  const grouping = groupingOf(cause);
  if (!(await lockGroup(trx, ctx.dialect, cause.to, grouping.key))) return null;
  const prefs = await loadNotificationPrefs(trx, cause.to);
  if (!(await wanted(ctx, trx, cause, prefs))) return null;

  let id: string | null = null;
  if (grouping.windowMs > 0) {
    const since = new Date(Date.parse(cause.at) - grouping.windowMs).toISOString();
    const open = await findOpenGroup(trx, cause.to, grouping.key, since);
    if (open) {
      if (!(await insertActor(trx, open.id, cause.actorUid, cause.at))) return null;
      await markUnreadAndMoveUp(trx, open.id, cause.at);
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
  const ids = await notificationIdsOfGroup(trx, cause.to, key);
  if (ids.length === 0) return;
  if ((await deleteActor(trx, ids, cause.actorUid)) === 0) return;
  await deleteEmptyNotifications(trx, ids);
  await announceBell(ctx, trx, cause.to);
}

/** An email to send after EMAIL_DELAY_MS if `ref` (a notification, or a conversation for messages) is still unread then. One per ref. */
export async function scheduleEmail(trx: Trx, email: { uid: string; type: EmailType; ref: string; at: string }): Promise<void> {
  if (await pendingEmailExists(trx, email)) return;
  await insertPendingEmail(trx, { id: newId(), uid: email.uid, type: email.type, ref: email.ref, dueAt: new Date(Date.parse(email.at) + EMAIL_DELAY_MS).toISOString() });
}

/** A new message: emailed (and pushed) after EMAIL_DELAY_MS if the conversation is still unread for `to` then (and they want either). */
export async function scheduleMessageEmail(trx: Trx, to: string, conversationId: string, at: string): Promise<void> {
  const prefs = await loadNotificationPrefs(trx, to);
  if (wantsDelivery(prefs, 'message')) await scheduleEmail(trx, { uid: to, type: 'message', ref: conversationId, at });
}
