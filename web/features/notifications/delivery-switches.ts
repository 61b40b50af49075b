import type { EmailType, NotificationPrefs } from '@common/notifications/notifications';

/** What an email or push switch says under it, by type. */
export const DELIVERY_HINTS: Partial<Record<EmailType, string>> = {
  streak_reminder: 'Only while the reminder above is on.',
};

/**
 * An email or push switch as shown. The streak reminder is sent only while the reminder itself
 * is on (it is off until the writer turns it on), so while it is off its delivery switches
 * show off and wait: showing "on" there would promise reminders that never come. What is kept
 * for them (`kept`) shows again once the reminder is on.
 */
export function deliverySwitch(prefs: NotificationPrefs, type: EmailType, kept: boolean): { on: boolean; waiting: boolean } {
  const waiting = type === 'streak_reminder' && !prefs.types.streak_reminder.on;
  return { on: kept && !waiting, waiting };
}
