import { z } from 'zod';
import { userRecordSchema } from '../me/user';
import { conversationMessageSchema } from '../messages/messages';
import { reactionKindSchema } from '../stories/story';
import { WATCH_TARGET_PATTERN, type WatchTarget } from './watch-target';

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
  /**
   * A new message in a conversation the recipient takes part in, as the recipient sees it
   * (sent to the sender's other tabs too): open threads append it without a round trip.
   * `conversation.changed` follows for the list and the badge.
   */
  'message.created': z.object({ conversationId: z.string(), message: conversationMessageSchema }),
  /** `uid` is typing in the conversation (only when both sides have the typing indicator on). */
  'conversation.typing': z.object({ conversationId: z.string(), uid: z.string() }),
  /** The recipient's notifications changed (a new one, one joined, read elsewhere): the bell's count, then refetch the list. */
  'bell.changed': z.object({ unread: z.number().int().nonnegative() }),
  /**
   * On a story's own topic (`story:<id>`), for tabs showing it: a comment was added or deleted,
   * or the reaction counts changed. On the public topic too when the story is public, so
   * community and profile cards refresh their counts.
   */
  'story.counts': z.object({
    storyId: z.string(),
    /** The story's author: their profile's totals change with it. */
    uid: z.string(),
    likesCount: z.number().int(),
    commentsCount: z.number().int(),
    reactions: z.record(reactionKindSchema, z.number().int()),
  }),
  /**
   * On the public topic: a writer's stories joined or left the shared shelves at once (their
   * account was limited, suspended, restored…), or one public story left them (made private,
   * deleted, removed, given a content warning). Community caches drop; open lists refetch.
   */
  /** `uid`: whose stories changed; absent when saying would name an anonymous contest entrant. */
  'stories.changed': z.object({ uid: z.string().optional() }),
  /** On `story:<id>`: a comment was posted, edited (a reply from another server) or deleted; open story pages refetch the comments. */
  'story.comments': z.object({ storyId: z.string(), commentId: z.string(), change: z.enum(['created', 'edited', 'deleted']) }),
  /** On `profile:<uid>`: the writer's follower counts changed; open profiles refresh them. */
  'profile.counts': z.object({ uid: z.string(), followersCount: z.number().int(), followingCount: z.number().int() }),
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
   * The tab's session ended: the account was suspended, deactivated or deleted (sent to
   * every tab of the account), or this one session was signed out, removed in Settings or revoked
   * by a password change or reset (`signed_out`: sent by the stream itself to that session's tabs
   * only, never stored). Open tabs sign out; the stream closes after sending it.
   */
  'session.ended': z.object({ reason: z.enum(['suspended', 'deactivated', 'deleted', 'signed_out']) }),
  /** For admins: a report arrived or a moderation case changed: open queues and counts refetch (`caseId` null: several). */
  'moderation.changed': z.object({ caseId: z.string().nullable() }),
  /**
   * On SESSIONS_TOPIC, for server instances, never a browser: forget cached sessions of `uid`
   * (all of them; only `sessionIds` when given) and close the open streams of those sessions.
   */
  'sessions.ended': z.object({ uid: z.string(), sessionIds: z.array(z.string()).optional() }),
  /**
   * Sent by the stream itself, never stored: the client asked to resume from a point
   * older than the events the server still keeps (or one it never issued), so it may have
   * missed something and must refetch what it shows.
   */
  reset: z.object({}).strict(),
} as const;

export type LiveEventType = keyof typeof liveEventSchemas;
export type LiveEventPayload<T extends LiveEventType> = z.infer<(typeof liveEventSchemas)[T]>;

/** Types a change may record; `reset` belongs to the stream. */
export type RecordedLiveEventType = Exclude<LiveEventType, 'reset'>;

/** GET /api/events?watch=…: what the tab is looking at (watch-target.ts). */
export const watchTargetSchema = z.string().regex(WATCH_TARGET_PATTERN, 'Unknown watch target.');
export type { WatchTarget };

/** Topics outside a user's own: one story's page, and every public story's counts. */
export const storyTopic = (storyId: string) => `story:${storyId}`;
export const PUBLIC_STORIES_TOPIC = 'stories:public';
export const profileTopic = (uid: string) => `profile:${uid}`;
/** Heard by every server instance (not by browsers): accounts whose sessions ended. */
export const SESSIONS_TOPIC = 'sessions';
export type SessionEndReason = LiveEventPayload<'session.ended'>['reason'];
