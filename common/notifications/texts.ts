/**
 * The bell's words and the tab title's count, without the notification schemas: the top bar
 * shows them on every page, before any notification is loaded.
 */

export const NOTIFICATION_TEXTS = {
  bell: 'Notifications',
  /** The admins' bell (it must not look like the writer's bell beside it): its name, and the word on it. */
  adminBell: 'Admin notifications',
  adminBellWord: 'Admin',
  empty: "You're all caught up",
  markAllRead: 'Mark all as read',
  unsubscribed: (label: string) => `You won't get emails about ${label.toLowerCase()} any more.`,
} as const;

/** The tab's title with the unread count: "(3) Drabble". */
export function titleWithCount(base: string, unread: number): string {
  return unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${base}` : base;
}

const BADGE_MAX = 99;

/** The badge on the bell: "99+" above 99, nothing at 0. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread);
}

/** The bell's accessible name: "Notifications" or "Notifications, 3 unread" (the admins' bell: common/admin/admin.ts notificationsLabel). */
export function bellLabel(unread: number): string {
  return unread > 0 ? `${NOTIFICATION_TEXTS.bell}, ${unread} unread` : NOTIFICATION_TEXTS.bell;
}

/** The count in the tab's title: unread notifications plus conversations with unread messages. */
export function titleCount(notifications: number | undefined, conversations: number | undefined): number {
  return (notifications ?? 0) + (conversations ?? 0);
}

/** "(3) Settings · Drabble" → "Settings · Drabble": the base a screen set, without a count put there earlier. */
export function stripTitleCount(title: string): string {
  return title.replace(/^\(\d+\+?\) /, '');
}
