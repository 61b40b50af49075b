import type { ColumnType, Generated } from 'kysely';

/**
 * Column types as stored. Timestamps are ISO-8601 UTC strings (they sort as text on both
 * databases); booleans are 0/1 integers because better-sqlite3 cannot bind booleans and
 * one set of queries serves SQLite and PostgreSQL.
 */
export type DbBool = 0 | 1;

/** Columns with a database default may be left out of an insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  uid: string;
  name: string;
  email: string;
  first: string;
  last: string;
  created_at: string;
  lastActive: string;
  profileIcon: Defaulted<string>;
  colorTheme: Defaulted<string>;
  themeMode: string | null;
  admin: DbBool;
  profileImage: string | null;
  displayName: string | null;
  streak: Defaulted<number>;
  bestStreak: Defaulted<number>;
  dailyGoal: Defaulted<number>;
  aboutMe: Defaulted<string>;
  pronouns: Defaulted<string>;
  bio: Defaulted<string>;
  location: Defaulted<string>;
  website: Defaulted<string>;
  bluesky: Defaulted<string>;
  xcom: Defaulted<string>;
  reddit: Defaulted<string>;
  /** Legacy flag from the older app; converted to themeMode when first read. */
  darkMode: DbBool | null;
  /** IANA zone from the browser, for writing days; null means UTC. */
  timezone: Defaulted<string | null>;
  /** Mirrors authUsers.emailVerified (kept in step by auth/session.ts). */
  emailVerified: Defaulted<DbBool>;
  /** Exact counts of follows rows, changed in the same transaction as the rows. */
  followersCount: Defaulted<number>;
  followingCount: Defaulted<number>;
  /** "Approve new followers": a follow becomes a request. */
  approveFollowers: Defaulted<DbBool>;
  /** Who may message them: 'friends' | 'following' | 'everyone' | 'nobody' (common/messages/messages.ts). */
  whoCanMessage: Defaulted<string>;
  /** Others see "Seen" on what they sent (and this person sees theirs). */
  readReceipts: Defaulted<DbBool>;
  /** Others see "typing…" (and this person sees theirs). */
  typingIndicator: Defaulted<DbBool>;
  /** JSON of NotificationPrefs; null or absent keys take the defaults (common/notifications/notifications.ts). */
  notificationPrefs: Defaulted<string | null>;
  /** Moderation: when the latest warning was given, and its text. */
  warnedAt: Defaulted<string | null>;
  warning: Defaulted<string | null>;
  /** Limited: stories off community for non-followers; cannot start conversations. */
  limitedAt: Defaulted<string | null>;
  /** Suspended: cannot sign in, content hidden; deleted at `deleteAfter` unless lifted. */
  suspendedAt: Defaulted<string | null>;
  /** The person asked to delete their account: hidden at once, deleted at `deleteAfter` unless cancelled. */
  deactivatedAt: Defaulted<string | null>;
  deleteAfter: Defaulted<string | null>;
  /** A deleted account's tombstone: personal fields blanked, shown as "Deleted user". */
  deletedAt: Defaulted<string | null>;
  /** The last "Download everything" (one per 24 hours). */
  lastExportAt: Defaulted<string | null>;
  /** Streak freezes held, 0–2 (common/streaks/streak.ts replayStreak). */
  streakFreezes: Defaulted<number>;
  /** When the 20:00-local streak reminder is next due (UTC ISO); null while it is off. */
  reminderAt: Defaulted<string | null>;
  /** Approval mode: a new account waits from then until an admin approves it; null: not waiting. */
  awaitingApprovalSince: Defaulted<string | null>;
  /** When the tutorial first opened by itself for this account, in any browser; null: never. */
  tutorialSeenAt: Defaulted<string | null>;
  /** Content warnings the reader never wants to see (mask, common/stories/content-warnings.ts warningMask). */
  hiddenWarnings: Defaulted<number>;
  /** The reader sees a warned story's text at once, without "Show story". */
  alwaysShowText: Defaulted<DbBool>;
  /** "Share my public stories with the fediverse" (on by default). */
  federate: Defaulted<DbBool>;
  /** Replies from other servers: 'show' | 'hold' | 'off' (common/federation/federation.ts). */
  fediverseReplies: Defaulted<string>;
  /**
   * The handle (common/handles/handle.ts): lower case, unique, on every account (migration 0028 gave
   * the older ones theirs; shared/handles.ts gives each new one its own). Optional in an insert
   * only for the tests that write rows at an earlier schema: the database refuses a row without one.
   */
  handle: ColumnType<string, string | undefined, string>;
}

/** A handle someone changed away from: it leads to them for good (docs/decisions/0064-handles.md). */
export interface HandleRedirectsTable {
  oldHandle: string;
  userId: string;
  createdAt: string;
}

export type AccountTokenPurpose = 'verify-email' | 'reset-password' | 'change-email';

/** A link we emailed: only the SHA-256 of its token is kept. */
export interface AccountTokensTable {
  tokenHash: string;
  uid: string;
  purpose: AccountTokenPurpose;
  /** The address the link was sent to (for change-email: the new address). */
  email: string;
  expiresAt: number;
}

export interface StoriesTable {
  /** Insertion order: SQLite's rowid (the FTS index points at it); newest first is seq descending. */
  seq: Generated<number>;
  id: string;
  uid: string;
  title: string;
  content: string;
  public: DbBool;
  likesCount: Defaulted<number>;
  commentsCount: Defaulted<number>;
  viewsCount: Defaulted<number>;
  wordCount: number;
  /** The text's length in UTF-16 code units (common/stories/words.ts countChars), kept with the text. */
  charCount: number;
  /** The card's preview of the text (common/stories/words.ts storyPreview), kept with the text: lists never read `content`. */
  preview: string;
  created_at: string;
  updated_at: string;
  madePublicAt: string | null;
  /** When the story last became public (created public or made public): the feed's order. Null while private. */
  publishedAt: string | null;
  madePrivateAt: string | null;
  promptGenre: string | null;
  promptTheme: string | null;
  promptTwist: string | null;
  authorDisplayName: string;
  authorProfileIcon: string;
  authorProfileColor: string;
  authorProfileImage: string | null;
  /** The author's state (common/moderation/moderation.ts AUTHOR_STATE): 0 visible, 1 limited, 2 hidden. */
  authorState: Defaulted<number>;
  /** The UTC day whose daily prompt this story answers (its prompt page); null otherwise. */
  promptDay: Defaulted<string | null>;
  /** Content warnings (mask, common/stories/content-warnings.ts warningMask): 0 for none. */
  contentWarnings: Defaulted<number>;
  /** The writer's note beside the warnings, at most 100 characters. */
  contentWarningNote: Defaulted<string | null>;
  /** The story's tags' names, a JSON list (storyTags holds the same, for matching). */
  tagNames: Defaulted<string>;
  /**
   * The contest this story is an anonymous entry of, or was written for, until the results are
   * out (migrations 0024, 0027); null otherwise. Only a public one is an anonymous entry.
   */
  contestId: Defaulted<string | null>;
  /** Words not yet counted towards the writer's days: an unrevealed entry's (migration 0027). */
  wordsPending: Defaulted<number>;
}

/** The text of a story as it was before a save replaced it: owner only, at most STORY_VERSIONS_MAX per story. */
export interface StoryVersionsTable {
  id: string;
  storyId: string;
  uid: string;
  title: string;
  content: string;
  wordCount: number;
  promptGenre: string | null;
  promptTheme: string | null;
  promptTwist: string | null;
  savedAt: string;
  created_at: string;
}

/** A story a writer imported, by the fingerprint of its normalised title and text: importing it again is "already imported". */
export interface ImportFingerprintsTable {
  uid: string;
  /** sha256 hex (server/features/your-data/fingerprint.ts). */
  fingerprint: string;
  storyId: string;
  created_at: string;
}

/** A badge a writer earned (common/badges/badges.ts); the primary key (uid, badge) makes it once. */
export interface UserBadgesTable {
  uid: string;
  badge: string;
  earnedAt: string;
}

/** A weekly contest (migration 0024): the instants are ISO strings, each window [opens, closes). */
export interface ContestsTable {
  id: string;
  prompt: string;
  /** The Monday whose daily prompt it is, when the admin wrote none. */
  promptDay: string | null;
  entryOpensAt: string;
  entryClosesAt: string;
  votingOpensAt: string;
  votingClosesAt: string;
  /** Set once, by the transaction that wrote the results. */
  revealedAt: string | null;
  /** The Monday of an automatic weekly contest (unique); null for an admin's. */
  week: string | null;
  created_at: string;
  updated_at: string;
}

/** One writer's entry in a contest; `votes` and `place` are written at the reveal. */
export interface ContestEntriesTable {
  contestId: string;
  uid: string;
  storyId: string;
  created_at: string;
  disqualifiedAt: string | null;
  disqualifiedReason: string | null;
  votes: number | null;
  place: number | null;
}

/** One reader's vote for one entry. */
export interface ContestVotesTable {
  contestId: string;
  voterUid: string;
  storyId: string;
  created_at: string;
}

/** A personal challenge: `words` words between startDay and endDay (the writer's local days). */
export interface ChallengesTable {
  id: string;
  uid: string;
  words: number;
  days: number;
  startDay: string;
  endDay: string;
  abandonedAt: string | null;
  created_at: string;
}

export interface StoryReactionsTable {
  storyId: string;
  uid: string;
  kind: string;
  created_at: string;
}

export interface StoryCommentsTable {
  id: string;
  storyId: string;
  uid: string;
  text: string;
  created_at: string;
}

/** One row per reader per story per UTC day: viewsCount counts these. */
export interface StoryViewsTable {
  storyId: string;
  viewerUid: string;
  day: string;
}

/** A tag (migration 0023): its key (common/tags/tags.ts tagKey) and the name it was first written with. */
export interface TagsTable {
  id: string;
  key: string;
  name: string;
  created_at: string;
  /** Its stories a guest may read, kept by triggers (db/story-tags.ts, migration 0025). */
  storyCount: Generated<number>;
}

/** PostgreSQL: a change to a tag's count waiting for its transaction's commit (db/story-tags.ts). */
export interface TagCountChangesTable {
  id: Generated<number>;
  tagId: string;
  delta: number;
}

/** A tag on a story; storySeq is the story's seq (a tag page's order). */
export interface StoryTagsTable {
  storyId: string;
  tagId: string;
  storySeq: number;
  created_at: string;
  /** The story's likesCount and publishedAt, kept by a trigger (db/story-tags.ts, migration 0025). */
  likesCount: Generated<number>;
  publishedAt: string | null;
}

/** A reader following a tag: its stories come into their feed. */
export interface TagFollowsTable {
  uid: string;
  tagId: string;
  created_at: string;
}

/** A writer's series (migration 0033): its parts are seriesStories rows. */
export interface SeriesTable {
  id: string;
  uid: string;
  title: string;
  description: string;
  created_at: string;
  updated_at: string;
}

/** A story as a part of a series (migration 0033): at most one series per story; `position` orders the parts. */
export interface SeriesStoriesTable {
  storyId: string;
  seriesId: string;
  position: number;
  created_at: string;
}

/** A member's anthology (migration 0037); `uid` opened it. */
export interface AnthologiesTable {
  id: string;
  uid: string;
  title: string;
  description: string;
  rules: string;
  cover: string;
  submissions: string;
  storyOrder: string;
  lastAddedAt: string;
  created_at: string;
  updated_at: string;
}

/** A co-editor of an anthology (migration 0037). */
export interface AnthologyEditorsTable {
  anthologyId: string;
  uid: string;
  created_at: string;
}

/** A story in an anthology (migration 0037): 'accepted' or 'pending'; `position` is the editors' order. */
export interface AnthologyStoriesTable {
  anthologyId: string;
  storyId: string;
  status: string;
  position: number;
  addedAt: string;
}

/** A member following an anthology (migration 0037). */
export interface AnthologyFollowsTable {
  anthologyId: string;
  uid: string;
  created_at: string;
}

/** A reader's reading list (migration 0034); `readLater` 1 marks their one Read later. */
export interface ReadingListsTable {
  id: string;
  uid: string;
  title: string;
  readLater: DbBool;
  public: DbBool;
  created_at: string;
  updated_at: string;
}

/** A story in a reading list, with the reader's note ('' for none). */
export interface ReadingListEntriesTable {
  listId: string;
  storyId: string;
  note: string;
  created_at: string;
  updated_at: string;
}

export interface UserFavoritesTable {
  uid: string;
  storyId: string;
  created_at: string;
}

/** Words added per local calendar day (`YYYY-MM-DD` in the writer's zone at the time). */
export interface WritingDaysTable {
  uid: string;
  day: string;
  words: number;
}

export interface LogTableBase {
  id: string;
  timestamp: string;
  type: string;
  action: string | null;
  /** JSON of {uid, displayName, email} or null. */
  user: string | null;
  resource: string | null;
  /** JSON, already redacted. */
  details: string | null;
  level: string;
  source: string;
  ip: string | null;
  userAgent: string | null;
  stack: string | null;
  message: string | null;
}

export interface ActivityLogsTable extends LogTableBase {
  userId: string | null;
}

export interface AdminLogsTable {
  id: string;
  user: string | null;
  action: string;
  target: string | null;
  details: string | null;
  timestamp: string;
}

/** The live-event outbox (events/outbox.ts). */
export interface LiveEventsTable {
  /** From liveEventSeq, in commit order; never from the column's own default. */
  id: number;
  topic: string;
  type: string;
  payload: string;
  created_at: string;
}

/** One row (id 1): the last live-event id handed out. */
export interface LiveEventSeqTable {
  id: number;
  last: number;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  resetAt: number;
}

export interface FeatureRequestsTable {
  id: string;
  text: string;
  userUid: string;
  userDisplayName: string | null;
  userEmail: string;
  status: string;
  created_at: string;
  lastActivity: string;
  hasAdminResponse: DbBool;
}

export interface FeatureRequestResponsesTable {
  id: string;
  featureRequestId: string;
  from: string;
  fromType: string;
  text: string;
  created_at: string;
  read: DbBool;
}

export interface NotificationsTable {
  id: string;
  to: string;
  type: string;
  message: string;
  link: string | null;
  read: DbBool;
  created_at: string;
  /** JSON */
  data: string | null;
  /** Rows with the same key (per addressee) are one group, e.g. 'reaction:<storyId>'. */
  groupKey: Defaulted<string | null>;
  /** When it last changed (someone joined its group): the list's order. */
  updated_at: Defaulted<string | null>;
}

/** Who a notification is about, in the order they joined it. */
export interface NotificationActorsTable {
  notificationId: string;
  actorUid: string;
  created_at: string;
}

/** An email to send at `dueAt` if its notification (or conversation) is still unread and the person is away. */
export interface PendingEmailsTable {
  id: string;
  uid: string;
  type: string;
  ref: string;
  dueAt: string;
}

/**
 * An email waiting to be sent, or being sent by the instance in `claimedBy` until
 * `claimedUntil` (server/email/queue.ts). Deleted once the SMTP server accepted it.
 */
export interface EmailQueueTable {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** JSON object of extra headers, or null. */
  headers: string | null;
  createdAt: string;
  nextAttemptAt: string;
  /** Tries so far, the one in progress included. */
  attempts: Defaulted<number>;
  lastError: string | null;
  claimedBy: string | null;
  claimedUntil: string | null;
}

/** When a type of notification was last emailed to someone. */
export interface NotificationEmailsTable {
  uid: string;
  type: string;
  lastSentAt: string;
}

/** A device a writer subscribed to Web Push. */
export interface PushSubscriptionsTable {
  id: string;
  uid: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The browser and system it was made on ("Chrome on Android"), for the list in Settings. */
  label: string;
  created_at: string;
}

/** When a type of notification was last pushed to someone. */
export interface NotificationPushesTable {
  uid: string;
  type: string;
  lastSentAt: string;
}

/** An open live stream on some instance; its instance renews `until` while it is open. */
export interface LiveStreamsTable {
  id: string;
  instanceId: string;
  uid: string;
  /** What the tab is looking at ('story:<id>', 'community', 'profile:<uid>'), or null. */
  watching: string | null;
  until: string;
}

/** A conversation: a feature request's thread (type 'feature_request'), later direct messages. */
export interface ConversationsTable {
  id: string;
  type: string;
  featureRequestId: string | null;
  lastMessage: string | null;
  lastMessageAt: string | null;
  created_at: string;
  /** A direct conversation's two uids, sorted and joined by ':' (unique); null otherwise. */
  pairKey: Defaulted<string | null>;
  /** 'accepted', or for a direct conversation the recipient has not accepted: 'request' / 'declined'. */
  status: Defaulted<string>;
  /** Who started it (a direct conversation); the daily cap on new conversations counts these. */
  createdBy: Defaulted<string | null>;
}

/** One row per participant; `unread` 1 means the spec's `unreadFor` holds this uid. */
export interface ConversationParticipantsTable {
  conversationId: string;
  uid: string;
  unread: DbBool;
  /** When this participant last read the conversation: "Seen" on what others sent before it. */
  lastReadAt: Defaulted<string | null>;
}

export interface ConversationMessagesTable {
  id: string;
  conversationId: string;
  /** The sender's uid. */
  from: string;
  /** 'admin' or 'user'. */
  fromType: string;
  text: string;
  created_at: string;
  read: DbBool;
  isFeatureRequest: DbBool;
  editedAt: Defaulted<string | null>;
  /** Deleted for everyone: the text is emptied and the thread shows "Message deleted". */
  deletedAt: Defaulted<string | null>;
}

/** "Delete for me": the message stays for the others. */
export interface ConversationMessageHidesTable {
  messageId: string;
  uid: string;
}

/** One queue item per reported thing (open), kept once resolved. */
export interface ModerationCasesTable {
  id: string;
  targetType: string;
  targetId: string;
  targetUid: string;
  /** JSON of ReportSnapshot. */
  snapshot: string;
  status: Defaulted<string>;
  reportsCount: Defaulted<number>;
  assignedTo: Defaulted<string | null>;
  /** Bumped by every change: an admin acting on an older version is told someone else did. */
  version: Defaulted<number>;
  outcome: Defaulted<string | null>;
  resolvedBy: Defaulted<string | null>;
  resolvedAt: Defaulted<string | null>;
  created_at: string;
  updated_at: string;
}

/** One report of one thing: by a member (reporterUid) or by another server (reporterServer), never both. */
export interface ReportsTable {
  id: string;
  caseId: string;
  reporterUid: string | null;
  /** The host of the server whose `Flag` this is (the account that sent it: reporterActor, its URI). */
  reporterServer: Defaulted<string | null>;
  reporterActor: Defaulted<string | null>;
  targetType: string;
  targetId: string;
  targetUid: string;
  category: string;
  note: Defaulted<string>;
  /** JSON of ReportSnapshot, as this reporter saw it. */
  snapshot: string;
  created_at: string;
}

/** An action on a case or an account (warn, limit, suspend, remove content, dismiss, note…). */
export interface ModerationActionsTable {
  id: string;
  caseId: string | null;
  targetUid: string;
  action: string;
  reason: string;
  adminUid: string;
  created_at: string;
  /** A `resolve`'s outcome ('action' | 'dismissed'), as the admin chose it (migration 0013). */
  outcome: Defaulted<string | null>;
  /** What a `remove` took down, as a label that outlives it (migration 0013). */
  subject: Defaulted<string | null>;
}

export interface GreetingsTable {
  id: string;
  text: string;
  /** One of ! ? . */
  punctuation: string;
  enabled: DbBool;
  created_at: string;
}

export interface FollowsTable {
  followerUid: string;
  followeeUid: string;
  created_at: string;
}

export interface FollowRequestsTable {
  requesterUid: string;
  targetUid: string;
  created_at: string;
}

export interface BlocksTable {
  blockerUid: string;
  blockedUid: string;
  created_at: string;
}

export interface MutesTable {
  muterUid: string;
  mutedUid: string;
  /** ISO time the mute ends; null: forever. */
  until: string | null;
  created_at: string;
}

/** Where a reader left /feed: the newest story they have seen. */
export interface FeedMarkersTable {
  uid: string;
  storyId: string;
  publishedAt: string;
  updated_at: string;
}

/**
 * better-auth's tables, created and written by better-auth (auth/auth.ts). Declared here
 * for the few reads and locked writes we do in our own transactions. Its booleans are
 * 0/1 on SQLite and true/false on PostgreSQL.
 */
export interface AuthUsersTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  /** better-auth's two-factor plugin: on once the first code was confirmed. */
  twoFactorEnabled: number | boolean | null;
}

/** better-auth's two-factor plugin: the TOTP secret and the unused recovery codes, encrypted with the auth secret. */
export interface AuthTwoFactorsTable {
  id: string;
  userId: string;
  secret: string;
  backupCodes: string;
  /** False until the first code is confirmed. */
  verified: number | boolean | null;
}

/** The browsers and addresses an account signed in from (auth/two-factor.ts signInSafetyPlugin; the "New sign-in" email). */
export interface AuthKnownSignInsTable {
  id: string;
  userId: string;
  /** `<userId>|<browser>|<address>`, unique. */
  pairKey: string;
  browser: string;
  address: string;
  /** A Date on PostgreSQL, an ISO string on SQLite. */
  createdAt: Date | string;
}

/** Passkeys (WebAuthn): better-auth's passkey plugin (auth/passkey.ts) makes and checks them. */
export interface AuthPasskeysTable {
  id: string;
  name: string | null;
  /** The credential's public key, COSE, base64. */
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: number | boolean;
  transports: string | null;
  /** A Date on PostgreSQL, an ISO string on SQLite. */
  createdAt: Date | string | null;
  aaguid: string | null;
}

export interface AuthSessionsTable {
  id: string;
  userId: string;
  token: string;
  /** A Date on PostgreSQL, an ISO string on SQLite (as better-auth writes it). */
  expiresAt: Date | string;
}

export interface AuthAccountsTable {
  id: string;
  userId: string;
  /** 'credential' for the password, else the provider id. */
  providerId: string;
  accountId: string;
  password: string | null;
  idToken: string | null;
}

/** One row (id 1): the backup schedule's claim and what the admin dashboard shows (server/ops/backup/schedule.ts). */
export interface BackupScheduleTable {
  id: number;
  /** When the next scheduled backup is due (UTC ISO); null: as soon as an instance looks. */
  dueAt: string | null;
  /** The instance that took the latest scheduled backup, and when. */
  takenBy: string | null;
  takenAt: string | null;
  lastSuccessAt: string | null;
  lastSuccessFile: string | null;
  lastSuccessBytes: number | null;
  lastSuccessMs: number | null;
  lastFailureAt: string | null;
  lastFailureReason: string | null;
}

/** The owner's site choices as JSON by key (features/registration/settings.ts). */
export interface SiteSettingsTable {
  key: string;
  value: string;
  updatedAt: string;
}

/** Invite links for invite-only sign-up (features/registration/invites.ts). */
export interface InvitesTable {
  id: string;
  code: string;
  createdBy: string;
  createdAt: string;
  /** null: no limit. */
  maxUses: number | null;
  uses: Defaulted<number>;
  expiresAt: string | null;
  revokedAt: string | null;
}

export interface InviteJoinsTable {
  inviteId: string;
  uid: string;
  joinedAt: string;
}

export interface Database {
  siteSettings: SiteSettingsTable;
  invites: InvitesTable;
  inviteJoins: InviteJoinsTable;
  featureRequests: FeatureRequestsTable;
  featureRequestResponses: FeatureRequestResponsesTable;
  notifications: NotificationsTable;
  notificationActors: NotificationActorsTable;
  pendingEmails: PendingEmailsTable;
  notificationEmails: NotificationEmailsTable;
  pushSubscriptions: PushSubscriptionsTable;
  notificationPushes: NotificationPushesTable;
  weeklyDigests: WeeklyDigestsTable;
  weeklyDigestSends: WeeklyDigestSendsTable;
  emailQueue: EmailQueueTable;
  liveStreams: LiveStreamsTable;
  conversationMessageHides: ConversationMessageHidesTable;
  conversations: ConversationsTable;
  conversationParticipants: ConversationParticipantsTable;
  conversationMessages: ConversationMessagesTable;
  greetings: GreetingsTable;
  moderationCases: ModerationCasesTable;
  reports: ReportsTable;
  moderationActions: ModerationActionsTable;
  follows: FollowsTable;
  followRequests: FollowRequestsTable;
  blocks: BlocksTable;
  mutes: MutesTable;
  feedMarkers: FeedMarkersTable;
  users: UsersTable;
  handleRedirects: HandleRedirectsTable;
  systemLogs: LogTableBase;
  activityLogs: ActivityLogsTable;
  adminLogs: AdminLogsTable;
  liveEvents: LiveEventsTable;
  liveEventSeq: LiveEventSeqTable;
  rateLimits: RateLimitsTable;
  stories: StoriesTable;
  storyReactions: StoryReactionsTable;
  storyComments: StoryCommentsTable;
  storyViews: StoryViewsTable;
  userFavorites: UserFavoritesTable;
  readingLists: ReadingListsTable;
  readingListEntries: ReadingListEntriesTable;
  tags: TagsTable;
  storyTags: StoryTagsTable;
  tagCountChanges: TagCountChangesTable;
  tagFollows: TagFollowsTable;
  series: SeriesTable;
  seriesStories: SeriesStoriesTable;
  anthologies: AnthologiesTable;
  anthologyEditors: AnthologyEditorsTable;
  anthologyStories: AnthologyStoriesTable;
  anthologyFollows: AnthologyFollowsTable;
  writingDays: WritingDaysTable;
  storyVersions: StoryVersionsTable;
  userBadges: UserBadgesTable;
  challenges: ChallengesTable;
  contests: ContestsTable;
  contestEntries: ContestEntriesTable;
  contestVotes: ContestVotesTable;
  importFingerprints: ImportFingerprintsTable;
  accountTokens: AccountTokensTable;
  authUsers: AuthUsersTable;
  authAccounts: AuthAccountsTable;
  authSessions: AuthSessionsTable;
  authTwoFactors: AuthTwoFactorsTable;
  authKnownSignIns: AuthKnownSignInsTable;
  authPasskeys: AuthPasskeysTable;
  backupSchedule: BackupScheduleTable;
  fedKv: FedKvTable;
  fedQueue: FedQueueTable;
  fedKeys: FedKeysTable;
  remoteActors: RemoteActorsTable;
  remoteFollowers: RemoteFollowersTable;
  remoteFollowing: RemoteFollowingTable;
  remoteStories: RemoteStoriesTable;
  federatedStories: FederatedStoriesTable;
  remoteReactions: RemoteReactionsTable;
  remoteReplies: RemoteRepliesTable;
  remoteBlocks: RemoteBlocksTable;
  sentReplies: SentRepliesTable;
  storySchedules: StorySchedulesTable;
  federatedActors: FederatedActorsTable;
  fedDomains: FedDomainsTable;
  fedFailures: FedFailuresTable;
}

/** Fedify's key–value store (server/features/federation/queries/kv-store.ts): JSON values, ISO expiry. */
export interface FedKvTable {
  key: string;
  value: string;
  expiresAt: string | null;
}

/** Fedify's message queue (server/features/federation/queries/message-queue.ts). */
export interface FedQueueTable {
  id: Generated<number>;
  message: string;
  orderingKey: string | null;
  runAt: string;
  createdAt: string;
  claimedBy: string | null;
  claimedUntil: string | null;
}

/** A writer's key pair of one kind ('rsa' | 'ed25519'), as JWK JSON. */
export interface FedKeysTable {
  uid: string;
  kind: string;
  publicKey: string;
  privateKey: string;
  created_at: string;
}

/** An account on another server, as last fetched. */
export interface RemoteActorsTable {
  uri: string;
  domain: string;
  /** `@name@domain`. */
  handle: string;
  name: string;
  url: string | null;
  /** The picture's address on its server: copied again only when it changes. */
  iconUrl: string | null;
  /** Our copy of the picture (federation/remote-avatars.ts), same-origin; null: none, or it was refused. */
  avatarUrl: string | null;
  inbox: string;
  sharedInbox: string | null;
  updated_at: string;
}

/** An account on another server following a writer here. */
export interface RemoteFollowersTable {
  uid: string;
  actorUri: string;
  followId: string;
  created_at: string;
}

/** A writer on another server whom a member here follows ('pending' until accepted). */
export interface RemoteFollowingTable {
  uid: string;
  actorUri: string;
  followId: string;
  state: string;
  created_at: string;
}

/** A post delivered by another server from a writer someone here follows. */
export interface RemoteStoriesTable {
  uri: string;
  actorUri: string;
  url: string | null;
  summary: string | null;
  sensitive: Defaulted<DbBool>;
  content: string;
  published: string;
  updated_at: string;
}

/** A story sent out as a Note; `signature` is null once its Delete went out. */
export interface FederatedStoriesTable {
  storyId: string;
  uid: string;
  signature: string | null;
  sentAt: string;
}

/** A like ('like') or boost ('announce') of a story here from an account on another server. */
export interface RemoteReactionsTable {
  activityId: string;
  storyId: string;
  actorUri: string;
  kind: string;
  created_at: string;
}

/** A reply from another server to a story here, as plain text (migration 0032). */
export interface RemoteRepliesTable {
  id: string;
  uri: string;
  storyId: string;
  actorUri: string;
  url: string | null;
  text: string;
  /** 1 while it waits for the writer's approval. */
  held: Defaulted<number>;
  created_at: string;
  updated_at: string;
}

/** A member's reply to a post from another server. */
export interface SentRepliesTable {
  id: string;
  uid: string;
  inReplyTo: string;
  actorUri: string;
  text: string;
  created_at: string;
}

/** A writer's block of an account on another server. */
export interface RemoteBlocksTable {
  uid: string;
  actorUri: string;
  created_at: string;
}

/** The profile a writer's followers elsewhere last heard of, as a signature of its fields. */
export interface FederatedActorsTable {
  uid: string;
  signature: string;
  sentAt: string;
}

/** A domain the host blocked ('block') or silenced ('silence'). */
export interface FedDomainsTable {
  domain: string;
  mode: string;
  created_at: string;
}

/** A delivery given up on after its retries. */
export interface FedFailuresTable {
  id: Generated<number>;
  domain: string;
  inbox: string;
  activityType: string;
  error: string;
  failedAt: string;
}

/** A reader's weekly digest: on or off, the ISO weekday and hour in their zone, and when it is next due. */
export interface WeeklyDigestsTable {
  uid: string;
  on: Defaulted<DbBool>;
  /** 1 Monday … 7 Sunday. */
  weekday: number;
  /** 0–23, in the reader's time zone. */
  hour: number;
  /** The instant the next digest is due; null while it is off. */
  nextDueAt: string | null;
  /** The last digest sent: the next one's stories are those since. */
  lastSentAt: string | null;
  updatedAt: string;
}

/** One reader's week (its Monday), claimed before its digest is sent: sent, or nothing new. */
export interface WeeklyDigestSendsTable {
  uid: string;
  week: string;
  claimedAt: string;
  outcome: string;
}

/** When a private story is to become public by itself (migration 0035, docs/decisions/0072). */
export interface StorySchedulesTable {
  storyId: string;
  /** UTC ISO instant. */
  publishAt: string;
  created_at: string;
  updated_at: string;
}
