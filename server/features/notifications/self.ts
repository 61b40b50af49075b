import type { Transaction } from 'kysely';
import { wantsDelivery, type SELF_NOTIFICATION_TYPES } from '@common/notifications/notifications';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { newId } from '../../shared/ids';
import { announceBell, loadNotificationPrefs, scheduleEmail } from './notify';
import { findAddressee, insertNotification } from './queries/store';

type Trx = Transaction<Database>;

export interface SelfNotice {
  to: string;
  type: (typeof SELF_NOTIFICATION_TYPES)[number];
  /** The row's words: a moderator's notice, a badge's name, the reminder's sentence. */
  detail: string;
  link: string;
  at: string;
  /** Email it too (after the usual delay, if still unread) when the writer switched that email on. */
  email?: 'streak_reminder';
}

/**
 * A notification no other person caused: a moderator's notice, a badge, the streak
 * reminder. Written here rather than through `notify`, whose preferences, blocks and mutes
 * decide whether a person hears from another person. Its one actor is the addressee
 * themselves, so the row is never hidden by a block and never names anyone. Moderation
 * notices always arrive; the others follow the writer's switch for their type. Returns the
 * notification's id, or null when nothing was written.
 */
export async function notifySelf(ctx: ServerContext, trx: Trx, notice: SelfNotice): Promise<string | null> {
  const person = await findAddressee(trx, notice.to);
  if (!person || person.deletedAt) return null;
  const prefs = notice.type === 'moderation' ? null : await loadNotificationPrefs(trx, notice.to);
  if (prefs && !prefs.types[notice.type].on) return null;
  const id = newId();
  await insertNotification(trx, {
    id,
    to: notice.to,
    type: notice.type,
    message: notice.detail,
    link: notice.link,
    at: notice.at,
    data: { subject: null, detail: notice.detail, storyId: null },
    group: { key: `${notice.type}:${id}`, actorUid: notice.to },
  });
  if (notice.email && prefs && wantsDelivery(prefs, notice.email)) await scheduleEmail(trx, { uid: notice.to, type: notice.email, ref: id, at: notice.at });
  await announceBell(ctx, trx, notice.to);
  return id;
}
