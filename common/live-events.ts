import { z } from 'zod';
import { userRecordSchema } from './user';

/** An admin notification as pushed to open admin tabs (the stored row, `data` parsed). */
export const liveNotificationSchema = z.object({
  id: z.string(),
  to: z.string(),
  type: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
});

/**
 * Every message on the live-update stream (GET /api/events): the SSE `event:` field is the
 * type, `data:` the JSON of the matching payload. The server writes an event only with a
 * type named here and a payload of its schema; the web parses with the same schemas.
 */
export const liveEventSchemas = {
  /** The user's record changed (preferences, profile, avatar, streak, favourites, account). */
  'user.updated': z.object({ user: userRecordSchema }),
  /** For admins: a new notification (a feature request). */
  'notification.created': z.object({ notification: liveNotificationSchema }),
  /** For admins: notifications were marked read (by any admin): refetch the bell. */
  'notifications.changed': z.object({}).strict(),
  /**
   * A feature request changed (status, a response, deleted): to every admin, and to the
   * requester for "My suggestions". Clients refetch; the payload only says which.
   */
  'featureRequest.changed': z.object({ featureRequestId: z.string() }),
  /** A conversation the recipient takes part in has a new message or changed read state: refetch it and the unread count. */
  'conversation.changed': z.object({ conversationId: z.string() }),
  /** For admins: the greetings list changed (another admin's edit or import). */
  'greetings.changed': z.object({}).strict(),
  /**
   * Follows, requests, blocks or mutes between the recipient and `uid` changed (either side
   * acted): refetch the relationship, the lists on /friends and the counts. Sent to both.
   */
  'relationship.changed': z.object({ uid: z.string() }),
  /** `followerUid` now follows `followeeUid` (to the followee; the next issue turns it into a notification). */
  'follow.created': z.object({ followerUid: z.string(), followeeUid: z.string(), friends: z.boolean() }),
  /** `requesterUid` asks to follow the recipient (who approves new followers). */
  'follow.requested': z.object({ requesterUid: z.string() }),
  /** A writer the recipient follows published a story: open feeds show the "new stories" pill. */
  'feed.published': z.object({ storyId: z.string(), authorUid: z.string() }),
  /**
   * Sent by the stream itself, never stored: the client asked to resume from a point
   * older than the events the server still keeps (or one it never issued), so it may have
   * missed something and must refetch what it shows.
   */
  reset: z.object({}).strict(),
} as const;

export type LiveEventType = keyof typeof liveEventSchemas;
export type LiveEventPayload<T extends LiveEventType> = z.infer<(typeof liveEventSchemas)[T]>;
export const LIVE_EVENT_TYPES = Object.keys(liveEventSchemas) as LiveEventType[];

/** Types a change may record; `reset` belongs to the stream. */
export type RecordedLiveEventType = Exclude<LiveEventType, 'reset'>;
