import { applyNotificationPrefs, type NotificationPrefs, type NotificationPrefsUpdate } from '@common/notifications/notifications';
import { DEFAULT_TIME_ZONE, reminderAfterSwitch } from '@common/streaks/streak';
import type { ServerContext } from '../../context';
import { loadNotificationPrefs } from './notify';
import { lockUserForPrefs, updateNotificationPrefsRow } from './queries/store';

/*
 * A writer's notification preferences: stored as JSON in users.notificationPrefs, always
 * answered resolved over the defaults (common/notifications/notifications.ts), so a type added later is
 * on by default for everyone who never chose.
 */

export async function readNotificationPrefs(ctx: ServerContext, uid: string): Promise<NotificationPrefs> {
  return ctx.db.transaction().execute((trx) => loadNotificationPrefs(trx, uid));
}

/** Applies a partial update; the writer's row is locked so two changes at once both land. */
export async function updateNotificationPrefs(ctx: ServerContext, uid: string, update: NotificationPrefsUpdate): Promise<NotificationPrefs> {
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockUserForPrefs(trx, ctx.dialect, uid);
    const next = applyNotificationPrefs(await loadNotificationPrefs(trx, uid), update);
    if (!locked) return next;
    // The streak reminder's next 20:00 (features/streaks/reminders.ts), or none while it is off.
    const reminderAt = reminderAfterSwitch(next.types.streak_reminder.on, locked.reminderAt, new Date(), locked.timezone ?? DEFAULT_TIME_ZONE);
    await updateNotificationPrefsRow(trx, uid, JSON.stringify(next), reminderAt);
    return next;
  });
}
