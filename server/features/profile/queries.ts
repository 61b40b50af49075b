import { accountHidden, HIDING_COLUMNS, type ProfileFacts } from '../../policy/profiles';
import { sql, type Kysely } from 'kysely';
import { isProfileIcon } from '@common/profile/icons';
import type { ProfileDetails, PublicProfile, RecentStory } from '@common/profile/profile';
import { DRABBLE_WORDS } from '@common/stories/words';
import type { Database, UsersTable } from '../../db/types';
import { readableStories, type StoryScope } from '../../policy/readable-stories';
import type { SignedInViewer, Viewer } from '../../policy/viewer';
import { storyRowsOf } from '../stories';
import { authorName } from '../../shared/author';

type Db = Kysely<Database>;

export interface StoryTotals {
  stories: number;
  publicStories: number;
  privateStories: number;
  likes: number;
  comments: number;
  views: number;
  avgWords: number;
  longestStory: number;
  perfectDrabbles: number;
}

/**
 * The writing statistics of one writer (`scope.author`) in one aggregate over the stories
 * the viewer may read (the `stories_uid_*` indexes lead with uid): all of them on My
 * Profile, `publicOnly` on a public profile. PostgreSQL returns sums as text (bigint),
 * hence Number().
 */
export async function storyTotals(db: Db, viewer: Viewer, scope: StoryScope & { author: string }): Promise<StoryTotals> {
  const row = await readableStories(db, viewer, scope)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('stories'),
      eb.fn.coalesce(eb.fn.sum<number | string | null>('public'), sql.lit(0)).as('publicStories'),
      eb.fn.coalesce(eb.fn.sum<number | string | null>('likesCount'), sql.lit(0)).as('likes'),
      eb.fn.coalesce(eb.fn.sum<number | string | null>('commentsCount'), sql.lit(0)).as('comments'),
      eb.fn.coalesce(eb.fn.sum<number | string | null>('viewsCount'), sql.lit(0)).as('views'),
      eb.fn.coalesce(eb.fn.sum<number | string | null>('wordCount'), sql.lit(0)).as('words'),
      eb.fn.coalesce(eb.fn.max<number | string | null>('wordCount'), sql.lit(0)).as('longestStory'),
      eb.fn.coalesce(eb.fn.sum<number | string | null>(eb.case().when('wordCount', '=', DRABBLE_WORDS).then(1).else(0).end()), sql.lit(0)).as('perfectDrabbles'),
    ])
    .executeTakeFirstOrThrow();
  const stories = Number(row.stories);
  const publicStories = Number(row.publicStories);
  return {
    stories,
    publicStories,
    privateStories: stories - publicStories,
    likes: Number(row.likes),
    comments: Number(row.comments),
    views: Number(row.views),
    // Spec section 9: the average is rounded.
    avgWords: stories === 0 ? 0 : Math.round(Number(row.words) / stories),
    longestStory: Number(row.longestStory),
    perfectDrabbles: Number(row.perfectDrabbles),
  };
}

/** The viewer's own newest stories, for Recent Activity (spec section 9: up to 5, newest first). */
export async function recentStories(db: Db, viewer: SignedInViewer, limit: number): Promise<RecentStory[]> {
  const rows = await storyRowsOf(db, viewer, limit);
  return rows.map(({ id, title, wordCount, public: isPublic, createdAt }) => ({ id, title, wordCount, public: isPublic, createdAt }));
}

/** The columns anyone may read. Never email, favourites, admin, appearance or time zone. */
const PUBLIC_COLUMNS = [
  'uid', 'handle', 'displayName', 'name', 'profileIcon', 'profileImage', 'pronouns', 'aboutMe',
  'location', 'website', 'bluesky', 'xcom', 'reddit', 'streak', 'bestStreak',
] as const satisfies ReadonlyArray<keyof UsersTable>;

export interface PublicProfileRow {
  uid: string;
  hidden: boolean;
  profile: PublicProfile;
  streak: number;
  bestStreak: number;
}

export async function findPublicProfile(db: Db, uid: string): Promise<PublicProfileRow | null> {
  const row = await db.selectFrom('users').select([...PUBLIC_COLUMNS, ...HIDING_COLUMNS]).where('uid', '=', uid).executeTakeFirst();
  if (!row) return null;
  return {
    uid: row.uid,
    hidden: accountHidden(row),
    profile: {
      uid: row.uid,
      handle: row.handle,
      displayName: authorName(row),
      name: row.name,
      profileIcon: isProfileIcon(row.profileIcon) ? row.profileIcon : 'User',
      profileImage: row.profileImage,
      pronouns: row.pronouns,
      aboutMe: row.aboutMe,
      location: row.location,
      website: row.website,
      bluesky: row.bluesky,
      xcom: row.xcom,
      reddit: row.reddit,
    },
    streak: Number(row.streak),
    bestStreak: Number(row.bestStreak),
  };
}

/** What profilePolicy needs of a writer (without the viewer's block facts); null when there is no such writer. */
export async function findProfileFacts(db: Db, uid: string): Promise<ProfileFacts | null> {
  const row = await db.selectFrom('users').select(['uid', ...HIDING_COLUMNS]).where('uid', '=', uid).executeTakeFirst();
  return row ? { uid: row.uid, hidden: accountHidden(row) } : null;
}

/** Keeps the avatar that story cards show in step with the writer's record. */
export async function refreshStoryAvatars(db: Db, uid: string, avatar: { authorProfileIcon?: string; authorProfileImage?: string | null }): Promise<void> {
  if (avatar.authorProfileIcon === undefined && avatar.authorProfileImage === undefined) return;
  await db.updateTable('stories').set(avatar).where('uid', '=', uid).execute();
}

type ProfileColumn = 'profileIcon' | 'aboutMe' | 'pronouns' | keyof ProfileDetails;

/** Writes the writer's own profile fields. */
export async function setUser(db: Db, uid: string, values: Partial<Record<ProfileColumn, string>>): Promise<void> {
  await db.updateTable('users').set(values).where('uid', '=', uid).execute();
}

/** The writer's streaks and daily goal, as stored. */
export function streaksAndGoalOf(db: Db, uid: string) {
  return db.selectFrom('users').select(['streak', 'bestStreak', 'dailyGoal']).where('uid', '=', uid).executeTakeFirst();
}
