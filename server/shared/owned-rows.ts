import { sql, type Transaction } from 'kysely';
import { MESSAGE_TEXTS } from '@common/messages/messages';
import { YOUR_DATA_TEXTS } from '@common/your-data/your-data';
import { toDbBool } from '../db/bool';
import type { Database } from '../db/types';

/*
 * Leaving: the rows each feature owns for a story and for a person, in one place.
 *
 * - A story's delete (its author's, a moderator's removal, its author's account deletion)
 *   takes every table in STORY_ROWS with it: `eraseStories`.
 * - An account's deletion walks USER_ROWS in order (account-deletion/service.ts): each entry
 *   deletes, blanks or anonymises the person's rows in its feature's tables.
 * - KEPT names the columns that point at a person or a story and outlive them, and why.
 *
 * owned-rows.test.ts reads every table's columns from a migrated database: a column holding a
 * person's uid or a story's id that is in none of the three fails it. A new table is declared
 * here, with the feature that owns it, before its first test passes. Nothing relies on a
 * foreign key's cascade: the rows go explicitly, on both databases alike.
 */

type Trx = Transaction<Database>;
type Table = keyof Database & string;

/** A table's column, as 'table.column'. */
export type Column = { [T in Table]: `${T}.${keyof Database[T] & string}` }[Table];

/** The tables with a `storyId` column. */
type StoryTable = { [T in Table]: 'storyId' extends keyof Database[T] ? T : never }[Table];

/** What a story takes with it, by the feature that owns each table. */
export const STORY_ROWS: readonly StoryTable[] = [
  'storyReactions', // reactions
  'storyComments', // comments
  'storyViews', // stories: one row per reader per day, viewsCount counts them
  'userFavorites', // favorites
  'storyVersions', // story-versions: the texts a save replaced
  'importFingerprints', // your-data: importing the same file again after the story went makes a new one
  'storyTags', // tags: the tags a story carries (the tag itself stays for others)
  'contestVotes', // contests: the votes an entry received
  'contestEntries', // contests: the entry the story was
  'remoteReactions', // federation: likes and boosts from other servers
  'remoteReplies', // federation: replies from other servers
  'storySchedules', // scheduled-publishing: when the story is to become public
  'readingListEntries', // reading-lists: the story leaves every list it was in
  'seriesStories', // series: the story's place in its series (the series stays)
  'anthologyStories', // anthologies: the story leaves every anthology it was in or waited for
];

/** Long id lists go in slices, under every database's limit on bound parameters. */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const n = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint } | undefined) => Number(result?.numDeletedRows ?? result?.numUpdatedRows ?? 0n);

/** Deletes these stories and every row of STORY_ROWS hanging off them; answers how many stories went. Lock the stories first. */
export async function eraseStories(trx: Trx, ids: readonly string[]): Promise<number> {
  let deleted = 0;
  for (const slice of chunks(ids)) {
    for (const table of STORY_ROWS) await trx.deleteFrom(table).where('storyId', 'in', slice).execute();
    deleted += n(await trx.deleteFrom('stories').where('id', 'in', slice).executeTakeFirst());
  }
  return deleted;
}

/** What a deletion removed or changed, for the log (counts only, never content). */
export interface DeletionCounts {
  stories: number;
  commentsBlanked: number;
  messagesDeleted: number;
  reactions: number;
  favorites: number;
  follows: number;
  featureRequests: number;
  storiesRecounted: number;
}

/** One account's deletion as the walk goes: what it counted, and whose counts to recount once every row is gone. */
export interface Leaving {
  uid: string;
  /** ISO time of the deletion. */
  now: string;
  counts: DeletionCounts;
  /** Other people's stories whose likes or comments counts included this person's rows. */
  touchedStories: Set<string>;
  /** The people whose follower or following counts move. */
  touchedPeople: Set<string>;
}

export function startLeaving(uid: string, now: string): Leaving {
  return {
    uid,
    now,
    counts: { stories: 0, commentsBlanked: 0, messagesDeleted: 0, reactions: 0, favorites: 0, follows: 0, featureRequests: 0, storiesRecounted: 0 },
    touchedStories: new Set(),
    touchedPeople: new Set(),
  };
}

/** One feature's rows of a person, and what their account's deletion does with them. */
export interface UserRows {
  /** The feature that owns the tables (server/features/<feature>, or a layer below them). */
  feature: string;
  /** Every column, holding the person's uid, that `erase` deals with. */
  columns: readonly Column[];
  erase(trx: Trx, leaving: Leaving): Promise<void>;
}

/** The entry for rows that simply go: deleted where any of the columns is the person. */
function deleteWhere(feature: string, ...columns: readonly Column[]): UserRows {
  return {
    feature,
    columns,
    async erase(trx, { uid }) {
      for (const column of columns) {
        const [table, name] = column.split('.') as [Table, string];
        await sql`delete from ${sql.table(table)} where ${sql.ref(name)} = ${uid}`.execute(trx);
      }
    },
  };
}

/** In walk order: their stories first (with everything hanging off them), their tombstone last. */
export const USER_ROWS: readonly UserRows[] = [
  {
    // Their stories, the versions of them and the import fingerprints that made them.
    feature: 'stories',
    columns: ['stories.uid', 'storyVersions.uid', 'importFingerprints.uid'],
    async erase(trx, leaving) {
      const own = await trx.selectFrom('stories').select('id').where('uid', '=', leaving.uid).execute();
      leaving.counts.stories += await eraseStories(trx, own.map((r) => r.id));
      // Both go with the stories above; by uid as well, so none of theirs is left whatever it points at.
      await trx.deleteFrom('storyVersions').where('uid', '=', leaving.uid).execute();
      await trx.deleteFrom('importFingerprints').where('uid', '=', leaving.uid).execute();
    },
  },
  {
    // Their series go with them (the parts went with their stories above).
    feature: 'series',
    columns: ['series.uid'],
    async erase(trx, { uid }) {
      await trx.deleteFrom('seriesStories').where('seriesId', 'in', trx.selectFrom('series').select('id').where('uid', '=', uid)).execute();
      await trx.deleteFrom('series').where('uid', '=', uid).execute();
    },
  },
  {
    // Their reactions to other people's stories go; those stories are recounted.
    feature: 'reactions',
    columns: ['storyReactions.uid'],
    async erase(trx, leaving) {
      const on = await trx.selectFrom('storyReactions').select('storyId').where('uid', '=', leaving.uid).distinct().execute();
      for (const r of on) leaving.touchedStories.add(r.storyId);
      leaving.counts.reactions += n(await trx.deleteFrom('storyReactions').where('uid', '=', leaving.uid).executeTakeFirst());
    },
  },
  {
    feature: 'favorites',
    columns: ['userFavorites.uid'],
    async erase(trx, leaving) {
      leaving.counts.favorites += n(await trx.deleteFrom('userFavorites').where('uid', '=', leaving.uid).executeTakeFirst());
    },
  },
  {
    // Their comments on other people's stories stay in the thread as "Comment deleted".
    feature: 'comments',
    columns: ['storyComments.uid'],
    async erase(trx, leaving) {
      const on = await trx.selectFrom('storyComments').select('storyId').where('uid', '=', leaving.uid).distinct().execute();
      for (const r of on) leaving.touchedStories.add(r.storyId);
      leaving.counts.commentsBlanked += n(
        await trx.updateTable('storyComments').set({ text: YOUR_DATA_TEXTS.deletedComment }).where('uid', '=', leaving.uid).executeTakeFirst(),
      );
    },
  },
  {
    // Follows both ways; the other people's counts are recounted.
    feature: 'follows',
    columns: ['follows.followerUid', 'follows.followeeUid'],
    async erase(trx, leaving) {
      const { uid } = leaving;
      const followed = await trx.selectFrom('follows').select('followeeUid as uid').where('followerUid', '=', uid).execute();
      const followers = await trx.selectFrom('follows').select('followerUid as uid').where('followeeUid', '=', uid).execute();
      for (const r of [...followed, ...followers]) if (r.uid !== uid) leaving.touchedPeople.add(r.uid);
      leaving.counts.follows += n(await trx.deleteFrom('follows').where((eb) => eb.or([eb('followerUid', '=', uid), eb('followeeUid', '=', uid)])).executeTakeFirst());
    },
  },
  deleteWhere('follows', 'followRequests.requesterUid', 'followRequests.targetUid'),
  deleteWhere('blocks', 'blocks.blockerUid', 'blocks.blockedUid'),
  deleteWhere('blocks', 'mutes.muterUid', 'mutes.mutedUid'),
  deleteWhere('feed', 'feedMarkers.uid'),
  deleteWhere('tags', 'tagFollows.uid'),
  {
    // The anthologies they opened go with everything in them (the stories stay with their writers);
    // they stop co-editing and following others'.
    feature: 'anthologies',
    columns: ['anthologies.uid', 'anthologyEditors.uid', 'anthologyFollows.uid'],
    async erase(trx, { uid }) {
      const opened = trx.selectFrom('anthologies').select('id').where('uid', '=', uid);
      for (const table of ['anthologyStories', 'anthologyEditors', 'anthologyFollows'] as const) await trx.deleteFrom(table).where('anthologyId', 'in', opened).execute();
      await trx.deleteFrom('anthologies').where('uid', '=', uid).execute();
      await trx.deleteFrom('anthologyEditors').where('uid', '=', uid).execute();
      await trx.deleteFrom('anthologyFollows').where('uid', '=', uid).execute();
    },
  },
  {
    // Their reading lists go, with every entry in them (entries name no person: they go by list).
    feature: 'reading-lists',
    columns: ['readingLists.uid'],
    async erase(trx, { uid }) {
      await trx.deleteFrom('readingListEntries').where('listId', 'in', trx.selectFrom('readingLists').select('id').where('uid', '=', uid)).execute();
      await trx.deleteFrom('readingLists').where('uid', '=', uid).execute();
    },
  },
  deleteWhere('streaks', 'writingDays.uid'),
  deleteWhere('badges', 'userBadges.uid'),
  deleteWhere('challenges', 'challenges.uid'),
  // Their entries went with their stories; the votes they gave go too (counted, never kept as a number, until a reveal).
  deleteWhere('contests', 'contestEntries.uid', 'contestVotes.voterUid'),
  {
    // Notifications to them go; in other people's they are no longer one of the actors, and a
    // notification about them alone goes with them.
    feature: 'notifications',
    columns: ['notifications.to', 'notificationActors.actorUid'],
    async erase(trx, { uid }) {
      const own = trx.selectFrom('notifications').select('id').where('to', '=', uid);
      await trx.deleteFrom('notificationActors').where('notificationId', 'in', own).execute();
      await trx.deleteFrom('notifications').where('to', '=', uid).execute();
      const actedIn = (await trx.selectFrom('notificationActors').select('notificationId').where('actorUid', '=', uid).execute()).map((r) => r.notificationId);
      await trx.deleteFrom('notificationActors').where('actorUid', '=', uid).execute();
      for (const ids of chunks(actedIn)) {
        await trx
          .deleteFrom('notifications')
          .where('id', 'in', ids)
          .where((eb) => eb.not(eb.exists(eb.selectFrom('notificationActors as a').select('a.notificationId').whereRef('a.notificationId', '=', 'notifications.id'))))
          .execute();
      }
    },
  },
  deleteWhere('notifications', 'pendingEmails.uid', 'notificationEmails.uid', 'pushSubscriptions.uid', 'notificationPushes.uid'),
  deleteWhere('live events', 'liveStreams.uid'),
  // The weekly digest's choice and the weeks it was sent: nothing of them is worth keeping.
  deleteWhere('digest', 'weeklyDigests.uid', 'weeklyDigestSends.uid'),
  // Writers they followed on other servers (those servers are not told: the actor is gone), and
  // the profile their followers elsewhere last heard of (those followers get the actor's Delete).
  deleteWhere('federation', 'remoteFollowing.uid', 'federatedActors.uid', 'remoteBlocks.uid', 'sentReplies.uid'),
  deleteWhere('account', 'accountTokens.uid'),
  deleteWhere('conversations', 'conversationMessageHides.uid'),
  {
    // Messages they sent read "Message deleted" for the other person; a feature request's own
    // text (its first message) stays, under "Deleted user".
    feature: 'conversations',
    columns: ['conversationMessages.from'],
    async erase(trx, leaving) {
      const lastOfTheirs = await trx
        .selectFrom('conversations as c')
        .innerJoin('conversationMessages as m', (join) => join.onRef('m.conversationId', '=', 'c.id').onRef('m.created_at', '=', 'c.lastMessageAt'))
        .select('c.id')
        .where('m.from', '=', leaving.uid)
        .where('m.isFeatureRequest', '=', toDbBool(false))
        .execute();
      leaving.counts.messagesDeleted += n(
        await trx
          .updateTable('conversationMessages')
          .set({ text: '', deletedAt: leaving.now })
          .where('from', '=', leaving.uid)
          .where('isFeatureRequest', '=', toDbBool(false))
          .where('deletedAt', 'is', null)
          .executeTakeFirst(),
      );
      for (const ids of chunks(lastOfTheirs.map((r) => r.id))) {
        await trx.updateTable('conversations').set({ lastMessage: MESSAGE_TEXTS.deleted }).where('id', 'in', ids).execute();
      }
    },
  },
  {
    // Their suggestions stay, under "Deleted user", without their address.
    feature: 'feature-requests',
    columns: ['featureRequests.userUid'],
    async erase(trx, leaving) {
      leaving.counts.featureRequests += n(
        await trx
          .updateTable('featureRequests')
          .set({ userDisplayName: YOUR_DATA_TEXTS.deletedUser, userEmail: '' })
          .where('userUid', '=', leaving.uid)
          .executeTakeFirst(),
      );
    },
  },
  // Who joined by an invite: a deleted account no longer shows in the list of who joined.
  deleteWhere('registration', 'inviteJoins.uid'),
  {
    // better-auth's rows, so the address can sign up afresh (a new account, a new uid).
    feature: 'auth',
    columns: ['authSessions.userId', 'authAccounts.userId', 'authTwoFactors.userId', 'authKnownSignIns.userId', 'authPasskeys.userId', 'authUsers.id'],
    async erase(trx, { uid }) {
      const email = (await trx.selectFrom('authUsers').select('email').where('id', '=', uid).executeTakeFirst())?.email;
      await trx.deleteFrom('authSessions').where('userId', '=', uid).execute();
      // Two-factor: the secret and recovery codes, and the browsers the account signed in from.
      await trx.deleteFrom('authTwoFactors').where('userId', '=', uid).execute();
      await trx.deleteFrom('authKnownSignIns').where('userId', '=', uid).execute();
      await trx.deleteFrom('authPasskeys').where('userId', '=', uid).execute();
      await trx.deleteFrom('authAccounts').where('userId', '=', uid).execute();
      if (email) await sql`delete from ${sql.table('authVerifications')} where ${sql.ref('identifier')} = ${email}`.execute(trx);
      await trx.deleteFrom('authUsers').where('id', '=', uid).execute();
    },
  },
  {
    // The tombstone: the row stays so comments, messages and conversations still point at someone.
    // Its handle stays too (not shown: the profile is gone), so no one else ever answers to it.
    feature: 'users',
    columns: ['users.uid'],
    async erase(trx, { uid, now }) {
      await trx
        .updateTable('users')
        .set({
          name: `deleted-${uid.slice(0, 8)}`,
          email: `deleted-${uid}@invalid`,
          first: '',
          last: '',
          displayName: YOUR_DATA_TEXTS.deletedUser,
          profileImage: null,
          profileIcon: 'User',
          colorTheme: 'blue',
          themeMode: null,
          darkMode: null,
          admin: toDbBool(false),
          emailVerified: toDbBool(false),
          streak: 0,
          bestStreak: 0,
          streakFreezes: 0,
          reminderAt: null,
          aboutMe: '',
          pronouns: '',
          bio: '',
          location: '',
          website: '',
          bluesky: '',
          xcom: '',
          reddit: '',
          timezone: null,
          followersCount: 0,
          followingCount: 0,
          notificationPrefs: null,
          warning: null,
          deactivatedAt: null,
          deleteAfter: null,
          lastExportAt: null,
          deletedAt: now,
        })
        .where('uid', '=', uid)
        .execute();
    },
  },
];

/** Columns that point at a person or a story and outlive them, each with why. */
export const KEPT: Readonly<Partial<Record<Column, string>>> = {
  'authPasskeys.aaguid': 'auth: names the model of authenticator, not a person (its row goes with authPasskeys.userId)',
  'storyViews.viewerUid': 'stories: their reads of other people’s stories stay in those stories’ viewsCount; a row holds no content',
  'feedMarkers.storyId': 'feed: a reader’s place in their feed is compared by publishedAt, and outlives the story it was',
  'conversationParticipants.uid': 'conversations: the other person keeps the conversation, with "Deleted user"',
  'conversations.createdBy': 'conversations: who started it, for the daily cap; the tombstone answers for it',
  'featureRequestResponses.from': 'feature-requests: the old thread’s replies, shown under the tombstone’s name',
  'moderationCases.targetUid': 'moderation: the record of a case outlives the account',
  'moderationCases.assignedTo': 'moderation: the record of a case outlives the admin',
  'moderationCases.resolvedBy': 'moderation: the record of a case outlives the admin',
  'reports.reporterUid': 'moderation: who reported what stays with the case',
  'reports.reporterActor': 'moderation: the account on another server whose Flag made a report (never a member here) stays with the case',
  'reports.targetUid': 'moderation: whom a report was about stays with the case',
  'moderationActions.targetUid': 'moderation: the actions taken stay with the case and the admin log',
  'moderationActions.adminUid': 'moderation: the actions taken stay with the case and the admin log',
  'activityLogs.userId': 'audit log: kept as the log of what happened (counts, never content)',
  'invites.createdBy': 'registration: an invite link and who joined by it outlive the admin who made it',
  'fedKeys.uid': 'federation: the keys sign the Deletes other servers are sent after the account is gone (keys, not personal data)',
  'remoteFollowers.uid': 'federation: the Deletes of the account and its stories go to these servers after it is gone',
  'federatedStories.uid': 'federation: which stories other servers hold, so each gets its Delete after the account is gone',
  'federatedStories.storyId': 'federation: a story that went out outlives its row here until its Delete is sent (the sync sends it because the story is gone)',
  'handleRedirects.userId': 'handles: an old handle leads to its person for good, so nobody else can ever take it; the tombstone keeps its handle too',
};
