import { z } from 'zod';
import { PROFILE_ICONS } from '../profile/icons';
import { pageQuerySchema, storyPageSchema, storySummarySchema } from '../stories/story';
import { tagRefSchema } from '../tags/tags';
import { safeText } from '../shared/text';

/**
 * The social graph: follows (friends are mutual follows), follow requests when a
 * writer approves new followers, blocks and mutes. The API contract both sides share.
 *
 * Follows (server/features/follows):
 *   GET    /api/users/:uid/relationship           → RelationshipResponse (the follow button's state and the counts)
 *   POST   /api/follows/:uid                      → RelationshipResponse (follows, or requests when they approve followers)
 *   DELETE /api/follows/:uid                      → RelationshipResponse (unfollow, or cancel the request)
 *   DELETE /api/followers/:uid                    → RelationshipResponse (remove a follower: no block, they are not told)
 *   GET    /api/follows/requests?cursor           → WriterPage (requests to follow me, newest first)
 *   POST   /api/follows/requests/:uid/accept      → { ok: true }
 *   POST   /api/follows/requests/:uid/decline     → { ok: true } (silent to the requester)
 *   GET    /api/me/friends?cursor                 → WriterPage
 *   GET    /api/users/:uid/following?cursor       → WriterPage
 *   GET    /api/users/:uid/followers?cursor       → WriterPage
 *   GET    /api/writers/search?q&cursor           → WriterPage (by name)
 *   GET    /api/writers/suggestions               → { writers: WriterRow[] } (followed by the people I follow, ranked by how many)
 *   GET    /api/me/follow-settings                → FollowSettings
 *   PATCH  /api/me/follow-settings                → FollowSettings
 * Blocks and mutes (server/features/blocks):
 *   POST   /api/blocks/:uid, DELETE /api/blocks/:uid            → RelationshipResponse
 *   POST   /api/mutes/:uid {duration}, DELETE /api/mutes/:uid   → RelationshipResponse
 *   GET    /api/blocks?cursor, GET /api/mutes?cursor            → WriterPage (for /settings)
 * Feed (server/features/feed):
 *   GET    /api/feed?cursor&limit                 → FeedPage
 *   PUT    /api/feed/marker {storyId}             → { marker }
 *   GET    /api/feed/new-count?after=<cursor of the newest story shown> → { count }
 */

export const MAX_FOLLOWS = 5000;
export const FOLLOW_ACTIONS_PER_DAY = 400;
export const WRITER_PAGE_SIZE = 20;

export const SOCIAL_TEXTS = {
  follow: 'Follow',
  following: 'Following',
  friends: 'Friends',
  followBack: 'Follow back',
  requested: 'Requested',
  unfollow: 'Unfollow',
  message: 'Message',
  mute: 'Mute',
  unmute: 'Unmute',
  block: 'Block',
  unblock: 'Unblock',
  removeFollower: 'Remove follower',
  youBlocked: 'You blocked this writer',
  tooManyFollowsToday: "You're following a lot of people today — try again tomorrow.",
  tooManyFollows: `You can follow at most ${MAX_FOLLOWS.toLocaleString('en-US')} writers.`,
  caughtUp: "You're all caught up",
  newStories: (n: number) => (n === 1 ? '1 new story' : `${n} new stories`),
} as const;

export const MUTE_DURATIONS = ['1h', '1d', '7d', 'forever'] as const;
export type MuteDuration = (typeof MUTE_DURATIONS)[number];
export const MUTE_DURATION_LABELS: Record<MuteDuration, string> = { '1h': '1 hour', '1d': '1 day', '7d': '7 days', forever: 'Forever' };
export const muteInputSchema = z.object({ duration: z.enum(MUTE_DURATIONS, 'Choose how long to mute.') }).strict();

/** Between the viewer and another writer. */
export const relationshipSchema = z.object({
  uid: z.string(),
  /** I follow them. */
  following: z.boolean(),
  /** They follow me. */
  followedBy: z.boolean(),
  /** I asked to follow them and they have not answered. */
  requested: z.boolean(),
  /** They asked to follow me. */
  requestedBy: z.boolean(),
  /** Mutual follows. */
  friends: z.boolean(),
  /** I block them (never tells whether they block me: then the profile is 'User not found'). */
  blocking: z.boolean(),
  muted: z.boolean(),
  /** ISO end of the mute; null while not muted or muted forever. */
  mutedUntil: z.string().nullable(),
  followersCount: z.number().int().nonnegative(),
  followingCount: z.number().int().nonnegative(),
  /** They approve new followers: Follow sends a request. */
  approveFollowers: z.boolean(),
});
export type Relationship = z.infer<typeof relationshipSchema>;
export const relationshipResponseSchema = z.object({ relationship: relationshipSchema });

/** The follow button's label from the relationship. */
export function followButtonLabel(r: Pick<Relationship, 'following' | 'followedBy' | 'requested' | 'friends'>): string {
  if (r.friends) return SOCIAL_TEXTS.friends;
  if (r.following) return SOCIAL_TEXTS.following;
  if (r.requested) return SOCIAL_TEXTS.requested;
  if (r.followedBy) return SOCIAL_TEXTS.followBack;
  return SOCIAL_TEXTS.follow;
}

export const writerRowSchema = z.object({
  uid: z.string(),
  displayName: z.string(),
  profileIcon: z.enum(PROFILE_ICONS),
  profileImage: z.string().nullable(),
  /** Their newest public story, for the line under the name. */
  latestStory: z.object({ id: z.string(), title: z.string() }).nullable(),
  following: z.boolean(),
  followedBy: z.boolean(),
  requested: z.boolean(),
  friends: z.boolean(),
  /** On /api/mutes: when the mute ends (null: forever). */
  mutedUntil: z.string().nullable().optional(),
});
export type WriterRow = z.infer<typeof writerRowSchema>;
export const writerPageSchema = z.object({ writers: z.array(writerRowSchema), nextCursor: z.string().nullable() });
export type WriterPage = z.infer<typeof writerPageSchema>;

export const writerSearchQuerySchema = z.object({
  q: safeText('Search').trim().max(100, 'Please keep the search under 100 characters.').default(''),
  cursor: z.string().max(500).optional(),
});

export const followSettingsSchema = z.object({ approveFollowers: z.boolean('Say whether to approve new followers.') }).strict();
export type FollowSettings = z.infer<typeof followSettingsSchema>;

/** The "N new stories" pill counts up to this many; past it, the count stays here. */
export const FEED_NEW_COUNT_CAP = 99;

/** Where the reader left /feed: the newest story they have seen, by its place in the feed's order. */
export const feedMarkerSchema = z.object({ storyId: z.string(), publishedAt: z.string() });
export type FeedMarker = z.infer<typeof feedMarkerSchema>;

/** GET /api/feed: a story page, the reader's marker, and the cursor to ask for stories newer than this page's first. */
/** A story in the feed: `becauseTag` when it is there for a tag the reader follows, not its writer. */
export const feedStorySchema = storySummarySchema.extend({ becauseTag: tagRefSchema.nullable() });
export type FeedStory = z.infer<typeof feedStorySchema>;

export const feedPageSchema = storyPageSchema.extend({
  stories: z.array(feedStorySchema),
  marker: feedMarkerSchema.nullable(),
  /** Pass as `after` to /api/feed/new-count; null when the page is empty. */
  newestCursor: z.string().nullable(),
});
export type FeedPage = z.infer<typeof feedPageSchema>;

export const feedQuerySchema = pageQuerySchema;
export const feedNewCountQuerySchema = z.object({ after: pageQuerySchema.shape.cursor });
export const feedNewCountSchema = z.object({ count: z.number().int().min(0).max(FEED_NEW_COUNT_CAP) });

/** PUT /api/feed/marker */
export const feedMarkerInputSchema = z.object({ storyId: z.string('Say which story you have seen.').regex(/^[A-Za-z0-9]{1,64}$/, 'Story not found') }).strict();
export const feedMarkerResponseSchema = z.object({ marker: feedMarkerSchema.nullable() });

/** The writer lists' query (followers, following, friends, requests, blocks, mutes): only the cursor. */
export const writerPageQuerySchema = z.object({ cursor: z.string().max(500).optional() });
export const writerSuggestionsSchema = z.object({ writers: z.array(writerRowSchema) });
export type WriterSuggestions = z.infer<typeof writerSuggestionsSchema>;
export type RelationshipResponse = z.infer<typeof relationshipResponseSchema>;
