import { NOTIFICATION_TEXTS, notificationSentence, type NotificationPart, type UserNotification } from '@common/notifications';

const BADGE_MAX = 99;

/** The badge on the bell: "99+" above 99, nothing at 0. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread);
}

/** The bell's accessible name: "Notifications" or "Notifications, 3 unread" (the admins' bell says "Admin notifications"). */
export function bellLabel(unread: number): string {
  return unread > 0 ? `${NOTIFICATION_TEXTS.bell}, ${unread} unread` : NOTIFICATION_TEXTS.bell;
}

/** A row's sentence as plain text (for the link's title and tests); the row itself italicises the subject. */
export function sentenceText(parts: readonly NotificationPart[]): string {
  return parts.map((part) => part.text).join('');
}

/** More people are in the group than the row names: it can expand to the full list. */
export function hasMoreActors(notification: Pick<UserNotification, 'actors' | 'actorCount'>): boolean {
  return notification.actorCount > notification.actors.length;
}

/** The count in the tab's title: unread notifications plus conversations with unread messages. */
export function titleCount(notifications: number | undefined, conversations: number | undefined): number {
  return (notifications ?? 0) + (conversations ?? 0);
}

/** "(3) Settings · Drabble" → "Settings · Drabble": the base a screen set, without a count put there earlier. */
export function stripTitleCount(title: string): string {
  return title.replace(/^\(\d+\+?\) /, '');
}

export { notificationSentence };
