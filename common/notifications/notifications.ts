import { z } from 'zod';
import { PROFILE_ICONS } from '../profile/icons';

export { NOTIFICATION_TEXTS, titleWithCount } from './texts';

/**
 * A writer's notifications: the bell in the top bar. Admins keep theirs (common/admin/admin.ts).
 * The API contract both sides share (server/features/notifications).
 *
 * GET  /api/notifications?cursor                 → NotificationListResponse (latest activity first)
 * GET  /api/notifications/unread-count           → { unread }
 * GET  /api/notifications/:id/actors?cursor      → NotificationActorPage (a group's full list, in the order they joined)
 * POST /api/notifications/:id/read               → { unread }
 * POST /api/notifications/read-all               → { unread } ("Mark all as read")
 * GET  /api/me/notification-prefs, PATCH         → NotificationPrefs
 * POST /api/notifications/unsubscribe {token}    → { type } (the one-click link in each email; no sign-in)
 */

export const NOTIFICATION_TYPES = [
  'comment',
  'reaction',
  'favorite',
  'follow',
  'friend',
  'follow_request',
  'message_request',
  'feature_request_response',
  'feature_request_status',
  /** From the moderators: a warning, or the outcome of a report. Always delivered: not a preference. */
  'moderation',
  /** A badge earned: `detail` is the badge's name. */
  'badge',
  /** The 20:00-local reminder that today's words are missing and the streak is at risk: off until the writer turns it on. */
  'streak_reminder',
  /** A contest's results: `detail` is the entrant's place. */
  'contest',
  /** A reply to a story from an account on another server: `detail` names it and its opening words. */
  'fediverse_reply',
  /** An anthology's editors accepted, declined or removed the writer's story (or it waits for them): `detail` says which, and why. */
  'anthology',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** The types Settings offers a switch for: moderation notices cannot be switched off. */
export const PREFERENCE_NOTIFICATION_TYPES = NOTIFICATION_TYPES.filter((t): t is Exclude<NotificationType, 'moderation'> => t !== 'moderation');
/** Notifications about the writer's own progress: no other person caused them, so they have no audience choice. */
export const SELF_NOTIFICATION_TYPES = ['moderation', 'badge', 'streak_reminder', 'contest', 'fediverse_reply', 'anthology'] as const satisfies readonly NotificationType[];
/** Types that start switched off: the writer opts in. */
export const OPT_IN_NOTIFICATION_TYPES = ['streak_reminder'] as const satisfies readonly NotificationType[];

/** Types whose preference also says from whom: everyone, or only people I follow. */
export const SOCIAL_NOTIFICATION_TYPES = ['comment', 'reaction', 'favorite', 'follow', 'follow_request'] as const satisfies readonly NotificationType[];
export type SocialNotificationType = (typeof SOCIAL_NOTIFICATION_TYPES)[number];
export function isSocialType(type: NotificationType): type is SocialNotificationType {
  return (SOCIAL_NOTIFICATION_TYPES as readonly string[]).includes(type);
}

/** Types that may be emailed, and the default of each (on for comments and messages only). */
export const EMAIL_TYPES = ['comment', 'message', 'feature_request_response', 'streak_reminder'] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];
export const EMAIL_DEFAULTS: Record<EmailType, boolean> = { comment: true, message: true, feature_request_response: false, streak_reminder: false };
/**
 * Types that may be pushed to a device: the streak reminder and new messages first.
 * A push follows the email's rules (server/features/notifications/emails.ts): still unread
 * EMAIL_DELAY_MS later, the person not online, at most one per type per EMAIL_INTERVAL_MS.
 */
export const PUSH_TYPES = ['message', 'streak_reminder'] as const satisfies readonly EmailType[];
export type PushType = (typeof PUSH_TYPES)[number];
/** On: a push reaches only a device the writer subscribed in Settings, which is the choice. */
export const PUSH_DEFAULTS: Record<PushType, boolean> = { message: true, streak_reminder: true };
export function isPushType(type: string): type is PushType {
  return (PUSH_TYPES as readonly string[]).includes(type);
}
/** Whether anything (an email, a push) is to go out for this type, so a delivery is worth scheduling. */
export function wantsDelivery(prefs: NotificationPrefs, type: EmailType): boolean {
  return prefs.email[type] || (isPushType(type) && prefs.push[type]);
}
/** An email goes out only if the notification is still unread this long after it happened, and the person is not online. */
export const EMAIL_DELAY_MS = 2 * 60_000;
/** At most one email per type per person in this long. */
export const EMAIL_INTERVAL_MS = 15 * 60_000;

/** Reactions and favourites on one story within this long are one row; follows within FOLLOW_GROUP_MS. */
export const STORY_GROUP_MS = 12 * 60 * 60_000;
export const FOLLOW_GROUP_MS = 24 * 60 * 60_000;
/** Names a grouped row spells out before "and N others". */
export const GROUP_NAMES_SHOWN = 3;
export const NOTIFICATION_LIST_PAGE_SIZE = 20;

export const NOTIFICATION_AUDIENCES = ['everyone', 'following'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  comment: 'Comments on your stories',
  reaction: 'Reactions to your stories',
  favorite: 'Favorites of your stories',
  follow: 'New followers',
  friend: 'New friends',
  follow_request: 'Follow requests',
  message_request: 'Message requests',
  feature_request_response: 'Responses to your suggestions',
  feature_request_status: 'Status changes of your suggestions',
  moderation: 'Messages from the moderators',
  badge: 'Badges you earn',
  streak_reminder: 'Reminder at 20:00 when your streak is at risk',
  contest: 'Your place in a contest',
  fediverse_reply: 'Replies from the fediverse',
  anthology: 'Your stories in anthologies',
};
export const EMAIL_TYPE_LABELS: Record<EmailType, string> = {
  comment: 'Comments on your stories',
  message: 'New messages',
  feature_request_response: 'Responses to your suggestions',
  streak_reminder: 'Streak reminders',
};
export const NOTIFICATION_AUDIENCE_LABELS: Record<NotificationAudience, string> = { everyone: 'From everyone', following: 'Only people I follow' };

const typePrefSchema = z.object({ on: z.boolean(), from: z.enum(NOTIFICATION_AUDIENCES) });
export const notificationPrefsSchema = z.object({
  types: z.object(Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, typePrefSchema])) as Record<NotificationType, typeof typePrefSchema>),
  email: z.object(Object.fromEntries(EMAIL_TYPES.map((t) => [t, z.boolean()])) as Record<EmailType, z.ZodBoolean>),
  push: z.object(Object.fromEntries(PUSH_TYPES.map((t) => [t, z.boolean()])) as Record<PushType, z.ZodBoolean>),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = {
  types: Object.fromEntries(
    NOTIFICATION_TYPES.map((t) => [t, { on: !(OPT_IN_NOTIFICATION_TYPES as readonly string[]).includes(t), from: 'everyone' }]),
  ) as NotificationPrefs['types'],
  email: { ...EMAIL_DEFAULTS },
  push: { ...PUSH_DEFAULTS },
};

/** PATCH /api/me/notification-prefs: any subset; each type's entry may give `on`, `from` or both. */
export const notificationPrefsUpdateSchema = z
  .object({
    types: z
      .object(Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, typePrefSchema.partial().strict().optional()])) as Record<NotificationType, z.ZodOptional<z.ZodObject<{ on: z.ZodOptional<z.ZodBoolean>; from: z.ZodOptional<z.ZodEnum<{ everyone: 'everyone'; following: 'following' }>> }>>>)
      .strict()
      .optional(),
    email: z
      .object(Object.fromEntries(EMAIL_TYPES.map((t) => [t, z.boolean().optional()])) as Record<EmailType, z.ZodOptional<z.ZodBoolean>>)
      .strict()
      .optional(),
    push: z
      .object(Object.fromEntries(PUSH_TYPES.map((t) => [t, z.boolean().optional()])) as Record<PushType, z.ZodOptional<z.ZodBoolean>>)
      .strict()
      .optional(),
  })
  .strict();
export type NotificationPrefsUpdate = z.infer<typeof notificationPrefsUpdateSchema>;

/** Stored prefs (possibly partial, possibly from an older version) merged over the defaults. */
export function resolveNotificationPrefs(stored: unknown): NotificationPrefs {
  const prefs: NotificationPrefs = structuredClone(DEFAULT_NOTIFICATION_PREFS);
  if (stored === null || typeof stored !== 'object') return prefs;
  const parsed = notificationPrefsUpdateSchema.safeParse(stored);
  if (!parsed.success) return prefs;
  return applyNotificationPrefs(prefs, parsed.data);
}

export function applyNotificationPrefs(prefs: NotificationPrefs, update: NotificationPrefsUpdate): NotificationPrefs {
  const next: NotificationPrefs = structuredClone(prefs);
  for (const type of NOTIFICATION_TYPES) {
    const change = update.types?.[type];
    if (change) next.types[type] = { ...next.types[type], ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) };
  }
  for (const type of EMAIL_TYPES) {
    const change = update.email?.[type];
    if (change !== undefined) next.email[type] = change;
  }
  for (const type of PUSH_TYPES) {
    const change = update.push?.[type];
    if (change !== undefined) next.push[type] = change;
  }
  return next;
}

export const notificationActorSchema = z.object({
  uid: z.string(),
  displayName: z.string(),
  profileIcon: z.enum(PROFILE_ICONS),
  profileImage: z.string().nullable(),
});
export type NotificationActor = z.infer<typeof notificationActorSchema>;

export const userNotificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /** The first GROUP_NAMES_SHOWN people, in the order they joined. */
  actors: z.array(notificationActorSchema),
  /** Everyone in it (a group may hold more than `actors`). */
  actorCount: z.number().int().nonnegative(),
  /** The story's title for story types, the suggestion's opening words for feature-request types; else null. */
  subject: z.string().nullable(),
  /** Where the row leads, e.g. '/story/<id>', '/user/<uid>', '/messages?c=<id>'. */
  link: z.string(),
  /** A feature request's new status, or a comment's opening words. */
  detail: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
  /** When someone last joined it: the list's order. */
  updated_at: z.string(),
});
export type UserNotification = z.infer<typeof userNotificationSchema>;

export const notificationListResponseSchema = z.object({
  notifications: z.array(userNotificationSchema),
  unread: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;
export const notificationActorPageSchema = z.object({ actors: z.array(notificationActorSchema), nextCursor: z.string().nullable() });
export type NotificationActorPage = z.infer<typeof notificationActorPageSchema>;
export const notificationUnreadSchema = z.object({ unread: z.number().int().nonnegative() });
export type NotificationUnread = z.infer<typeof notificationUnreadSchema>;
export const notificationPageQuerySchema = z.object({ cursor: z.string().regex(/^[A-Za-z0-9_-]{1,300}$/, 'This list has changed. Please reload it.').optional() });
export const unsubscribeInputSchema = z.object({ token: z.string('The unsubscribe link is incomplete.').regex(/^[A-Za-z0-9_.-]{10,500}$/, 'This unsubscribe link is not valid.') }).strict();
export const unsubscribeResponseSchema = z.object({ type: z.enum(EMAIL_TYPES) });


/** A piece of a row's sentence: the subject is shown in italics. */
export type NotificationPart = { text: string; subject?: true };

/** "Ada", "Ada and Ben", "Ada, Ben and Cy", "Ada, Ben, Cy and 3 others" from the first names and the total. */
export function actorNames(names: readonly string[], total: number): string {
  const shown = names.slice(0, GROUP_NAMES_SHOWN);
  const others = Math.max(0, total - shown.length);
  if (others > 0) return `${shown.join(', ')} and ${others} ${others === 1 ? 'other' : 'others'}`;
  if (shown.length <= 1) return shown[0] ?? 'Someone';
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/** The row's sentence, e.g. [{text:'Ada, Ben and 3 others reacted to '}, {text:'Title', subject:true}]. */
export function notificationSentence(n: Pick<UserNotification, 'type' | 'actors' | 'actorCount' | 'subject' | 'detail'>): NotificationPart[] {
  const who = actorNames(
    n.actors.map((a) => a.displayName),
    n.actorCount,
  );
  const subject: NotificationPart = { text: n.subject ?? 'your story', subject: true };
  switch (n.type) {
    case 'comment':
      return [{ text: `${who} commented on ` }, subject];
    case 'reaction':
      return [{ text: `${who} reacted to ` }, subject];
    case 'favorite':
      return [{ text: `${who} favorited ` }, subject];
    case 'follow':
      return [{ text: `${who} started following you` }];
    case 'friend':
      return [{ text: `You and ${who} are now friends` }];
    case 'follow_request':
      return [{ text: `${who} asked to follow you` }];
    case 'message_request':
      return [{ text: `${who} sent you a message request` }];
    case 'feature_request_response':
      return [{ text: 'An admin responded to your suggestion ' }, subject];
    case 'feature_request_status':
      return [{ text: 'Your suggestion ' }, subject, { text: ` is now ${n.detail ?? 'updated'}` }];
    case 'moderation':
      // The notice's own words (common/moderation/moderation.ts REPORT_TEXTS): never who acted.
      return [{ text: n.detail ?? '' }];
    case 'badge':
      return [{ text: 'You earned a badge: ' }, { text: n.detail ?? 'a badge', subject: true }];
    case 'streak_reminder':
    case 'contest':
    case 'fediverse_reply':
    case 'anthology':
      return [{ text: n.detail ?? '' }];
  }
}
