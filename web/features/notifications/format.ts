import { notificationSentence, type NotificationPart, type UserNotification } from '@common/notifications/notifications';

// The bell's badge and name and the tab title's count: zod-free, in common, for the top bar.
export { badgeText, bellLabel, stripTitleCount, titleCount } from '@common/notifications/texts';

/** A row's sentence as plain text (for the link's title and tests); the row itself italicises the subject. */
export function sentenceText(parts: readonly NotificationPart[]): string {
  return parts.map((part) => part.text).join('');
}

/** More people are in the group than the row names: it can expand to the full list. */
export function hasMoreActors(notification: Pick<UserNotification, 'actors' | 'actorCount'>): boolean {
  return notification.actorCount > notification.actors.length;
}

export { notificationSentence };
