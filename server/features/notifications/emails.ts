import { EMAIL_INTERVAL_MS, EMAIL_TYPES, isPushType, notificationSentence, wantsDelivery, type EmailType, type NotificationPrefs } from '@common/notifications/notifications';
import { DEFAULT_TIME_ZONE, localDay } from '@common/streaks/streak';
import type { ServerContext } from '../../context';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { fromDbBool } from '../../db/bool';
import { appLink, notificationEmailMessage } from '../../email/templates';
import type { EmailMessage } from '../../email/mailer';
import { authorName } from '../../shared/author';
import { isOnline } from '../../shared/presence';
import { loadNotificationPrefs } from './notify';
import { findMyNotification } from './queries';
import { claimDueEmails, findEmailRecipient, findTimezone, isConversationUnread, lastOtherSender, takeIntervalSlot, wordsOnDay, type PendingEmail } from './queries/emails';
import { isNotificationUnread } from './queries/store';
import { unsubscribeToken } from './unsubscribe';
import { pushDevicesOf, pushToDevices } from '../push';

/*
 * Notification emails. notify/scheduleMessageEmail leave a pendingEmails row due
 * EMAIL_DELAY_MS after the event; a timer on every instance (server.ts) calls
 * deliverDueEmails, which claims due rows by deleting them (only the instance whose delete
 * returned a row sends it) and sends only when the thing is still unread, the person is
 * away, still wants this type, and had no email of this type in EMAIL_INTERVAL_MS. "Sends"
 * is: hands the composed email to the one email queue (email/queue.ts), in the transaction
 * that takes the interval slot, so an SMTP outage delays it rather than losing it.
 */

/** Rows one pass takes on; the rest wait for the next tick. */
const BATCH = 100;

const UNSUBSCRIBE_WHAT: Record<EmailType, string> = {
  comment: 'emails about comments on your stories',
  message: 'emails about new messages',
  feature_request_response: 'emails about responses to your suggestions',
  streak_reminder: 'streak reminder emails',
};

type Pending = PendingEmail;

function emailTypeOf(stored: string): EmailType | null {
  return EMAIL_TYPES.find((t) => t === stored) ?? null;
}

/** Whether what the email is about is still unread: the notification, or for a message the conversation. */
async function stillUnread(ctx: ServerContext, email: Pending, type: EmailType): Promise<boolean> {
  if (type === 'message') return isConversationUnread(ctx.db, email.ref, email.uid);
  return isNotificationUnread(ctx.db, email.uid, email.ref);
}

/**
 * Records this email (or push) as the type's latest for the person, unless one went out within
 * EMAIL_INTERVAL_MS: one conditional upsert, so two instances never both pass.
 */
function takeSlot(db: Transaction<Database>, table: 'notificationEmails' | 'notificationPushes', uid: string, type: EmailType, now: number): Promise<boolean> {
  return takeIntervalSlot(db, table, uid, type, new Date(now).toISOString(), new Date(now - EMAIL_INTERVAL_MS).toISOString());
}

/** What a delivery says, by email or push: its subject, one sentence, the screen it opens and the button's words. */
interface Delivery {
  subject: string;
  summary: string;
  /** A path of this site. */
  path: string;
  action: string;
}

/** What the delivery is about, in words, or null when that is gone (or, for the reminder, done). */
async function describe(ctx: ServerContext, email: Pending, type: EmailType): Promise<Delivery | null> {
  if (type === 'message') {
    const last = await lastOtherSender(ctx.db, email.ref, email.uid);
    const who = last ? authorName(last) : 'Someone';
    return { subject: `${who} sent you a message`, summary: `${who} sent you a message on Drabble.`, path: `/messages?c=${encodeURIComponent(email.ref)}`, action: 'Read it' };
  }
  const row = await findMyNotification(ctx.db, email.uid, email.ref);
  if (!row) return null;
  if (type === 'streak_reminder') {
    if (await wroteSince(ctx, email.uid, row.created_at)) return null;
    const detail = row.detail ?? '';
    // 'Your 5-day streak ends at midnight — write a few words to keep it.': the subject is the first half.
    return { subject: detail.split(' — ')[0] ?? detail, summary: detail, path: row.link, action: 'Write now' };
  }
  const sentence = notificationSentence(row)
    .map((part) => (part.subject ? `"${part.text}"` : part.text))
    .join('');
  return {
    subject: sentence,
    summary: row.type === 'comment' && row.detail ? `${sentence}: "${row.detail}"` : `${sentence}.`,
    path: row.link,
    action: row.type === 'comment' ? 'Read the comment' : 'Read the response',
  };
}

/** The email of a delivery, with its one-click unsubscribe. */
function composeEmail(ctx: ServerContext, email: Pending, type: EmailType, about: Delivery, to: { email: string; name: string }): EmailMessage {
  const token = unsubscribeToken(ctx, email.uid, type);
  const message = notificationEmailMessage({
    to: to.email,
    name: to.name,
    unsubscribeLink: appLink(ctx.config.publicUrl, '/unsubscribe', token),
    unsubscribeWhat: UNSUBSCRIBE_WHAT[type],
    subject: about.subject,
    summary: about.summary,
    action: { label: about.action, link: appLink(ctx.config.publicUrl, about.path) },
  });
  const oneClick = appLink(ctx.config.publicUrl, '/api/notifications/unsubscribe', token);
  return { ...message, headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/** Whether the writer added words on the local day of a streak reminder sent at `at`: then the email has nothing left to ask. */
async function wroteSince(ctx: ServerContext, uid: string, at: string): Promise<boolean> {
  const day = localDay(new Date(at), (await findTimezone(ctx.db, uid)) ?? DEFAULT_TIME_ZONE);
  return (await wordsOnDay(ctx.db, uid, day)) > 0;
}

/** The email of a delivery, when the person wants it and has proved the address; false when none goes. */
async function sendEmail(ctx: ServerContext, email: Pending, type: EmailType, about: Delivery, prefs: NotificationPrefs, now: number): Promise<boolean> {
  if (!prefs.email[type]) return false;
  const user = await findEmailRecipient(ctx.db, email.uid);
  // Only to an address its owner has proved: never mail a stranger who was signed up with it.
  if (!user || !fromDbBool(user.emailVerified)) return false;
  const message = composeEmail(ctx, email, type, about, { email: user.email, name: authorName(user) });
  const queued = await ctx.db.transaction().execute(async (trx) => {
    if (!(await takeSlot(trx, 'notificationEmails', email.uid, type, now))) return false;
    // Queued on the real clock: `now` may be a test's clock, ahead of it.
    await ctx.emails.add(trx, message);
    return true;
  });
  if (queued) ctx.emails.kick();
  return queued;
}

/**
 * The push of a delivery to the person's subscribed devices, when the type is one
 * pushed and its push switch is on; one per type per EMAIL_INTERVAL_MS, as for email. Each type
 * is one notification on the device (its tag), a newer replacing the older, as the bell groups
 * them. The reminder opens home; the others what the bell's row opens.
 */
async function sendPush(ctx: ServerContext, email: Pending, type: EmailType, about: Delivery, prefs: NotificationPrefs, now: number): Promise<boolean> {
  if (!isPushType(type) || !prefs.push[type]) return false;
  const devices = await pushDevicesOf(ctx, email.uid);
  if (devices.length === 0) return false;
  if (!(await ctx.db.transaction().execute((trx) => takeSlot(trx, 'notificationPushes', email.uid, type, now)))) return false;
  const url = type === 'streak_reminder' ? '/' : about.path;
  return (await pushToDevices(ctx, devices, { title: about.subject, body: about.summary, url, tag: type })) > 0;
}

/**
 * Decides and sends one claimed delivery, by email and by push, under the same rules: still
 * unread, the person away from every instance, the type wanted (notify() already applied the
 * type's "only people I follow"). False when nothing went out.
 */
async function deliver(ctx: ServerContext, email: Pending, now: number): Promise<boolean> {
  const type = emailTypeOf(email.type);
  if (type === null) return false;
  const nowIso = new Date(now).toISOString();
  if (!(await stillUnread(ctx, email, type))) return false;
  if (await isOnline(ctx.db, email.uid, nowIso)) return false;
  const prefs = await ctx.db.transaction().execute((trx) => loadNotificationPrefs(trx, email.uid));
  if (!wantsDelivery(prefs, type)) return false;
  const about = await describe(ctx, email, type);
  if (!about) return false;
  const [emailed, pushed] = await Promise.all([sendEmail(ctx, email, type, about, prefs, now), sendPush(ctx, email, type, about, prefs, now)]);
  return emailed || pushed;
}

/**
 * Sends the notification emails due at `now` (ms; tests pass a fake clock): queues each one
 * that is still wanted, which the email queue sends and retries. Returns how many were
 * queued. A failure to decide is logged and the email dropped: it is a nudge, and the
 * notification itself is still in the bell.
 */
export async function deliverDueEmails(ctx: ServerContext, now: number): Promise<number> {
  const claimed = await claimDueEmails(ctx.db, new Date(now).toISOString(), BATCH);
  let sent = 0;
  for (const email of claimed) {
    try {
      if (await deliver(ctx, email, now)) sent += 1;
    } catch (err) {
      ctx.logger.warn({ err, email: { type: email.type } }, 'notification email failed');
    }
  }
  return sent;
}
