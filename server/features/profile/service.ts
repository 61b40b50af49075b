import type { Transaction } from 'kysely';
import type { MyStatsResponse, ProfileDetails, PublicProfileResponse } from '@common/profile/profile';
import { RECENT_ACTIVITY_MAX, textLength } from '@common/profile/profile';
import type { ProfileIcon } from '@common/profile/icons';
import type { StoryPage } from '@common/stories/story';
import type { UserRecord } from '@common/me/user';
import type { ServerContext } from '../../context';
import type { Actor } from '../../shared/actor';
import type { Database } from '../../db/types';
import { notFound } from '../../http/errors';
import { logUserOf, recordActivity } from '../../shared/audit-log';
import { changeUser } from '../../shared/users';
import { authorizeProfile, USER_NOT_FOUND } from '../../policy/profiles';
import type { SignedInViewer, Viewer } from '../../policy/viewer';
import { loadBlockFacts } from '../../policy/relations';
import { listCommunity } from '../stories';
import { refreshStreak } from '../streaks';
import { findPublicProfile, recentStories, refreshStoryAvatars, storyTotals, findProfileFacts, setUser, streaksAndGoalOf } from './queries';

interface ProfileEvent {
  type: 'profile_icon_updated' | 'profile_about_updated' | 'profile_pronouns_updated' | 'profile_details_updated';
  /** What changed, never what was written: logs do not keep people's words. */
  details: Record<string, unknown>;
}

/**
 * Writes the change and the new record for the writer's open tabs in one transaction, then
 * logs the activity. There is no uid parameter: a writer only ever changes their own profile.
 */
async function updateOwnProfile(
  ctx: ServerContext,
  actor: Actor,
  event: ProfileEvent,
  write: (trx: Transaction<Database>, uid: string) => Promise<void>,
): Promise<UserRecord> {
  const { uid } = actor.user;
  const user = await changeUser(ctx, uid, (trx) => write(trx, uid));
  await recordActivity(ctx.db, ctx.logger, {
    type: event.type,
    action: 'update',
    user: logUserOf(actor.user),
    resource: `users/${uid}`,
    details: event.details,
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  return user;
}

/** The icon, and the avatar on every story card of theirs, in the same transaction. */
export function changeProfileIcon(ctx: ServerContext, actor: Actor, profileIcon: ProfileIcon): Promise<UserRecord> {
  return updateOwnProfile(ctx, actor, { type: 'profile_icon_updated', details: { profileIcon } }, async (trx, uid) => {
    await setUser(trx, uid, { profileIcon });
    await refreshStoryAvatars(trx, uid, { authorProfileIcon: profileIcon });
  });
}

export function changeAboutMe(ctx: ServerContext, actor: Actor, aboutMe: string): Promise<UserRecord> {
  return updateOwnProfile(ctx, actor, { type: 'profile_about_updated', details: { length: textLength(aboutMe) } }, (trx, uid) => setUser(trx, uid, { aboutMe }));
}

export function changePronouns(ctx: ServerContext, actor: Actor, pronouns: string): Promise<UserRecord> {
  return updateOwnProfile(ctx, actor, { type: 'profile_pronouns_updated', details: { length: textLength(pronouns) } }, (trx, uid) => setUser(trx, uid, { pronouns }));
}

export function changeDetails(ctx: ServerContext, actor: Actor, details: ProfileDetails): Promise<UserRecord> {
  const fields = (Object.keys(details) as Array<keyof ProfileDetails>).filter((field) => details[field] !== actor.user[field]);
  return updateOwnProfile(ctx, actor, { type: 'profile_details_updated', details: { fields } }, (trx, uid) => setUser(trx, uid, details));
}

/** My Profile: the record's streaks and goal, totals over every story, the five newest. */
export async function myStats(ctx: ServerContext, viewer: SignedInViewer): Promise<MyStatsResponse> {
  const { uid } = viewer;
  // A streak that lapsed since the last save reads as 0 (and the writer's tabs hear of it).
  await refreshStreak(ctx, uid);
  const [user, totals, recent] = await Promise.all([
    streaksAndGoalOf(ctx.db, uid),
    storyTotals(ctx.db, viewer, { author: uid }),
    recentStories(ctx.db, viewer, RECENT_ACTIVITY_MAX),
  ]);
  if (!user) throw notFound(USER_NOT_FOUND);
  return {
    stats: { streak: Number(user.streak), bestStreak: Number(user.bestStreak), dailyGoal: Number(user.dailyGoal), ...totals },
    recent,
  };
}

/** A public profile: public fields, and statistics over public stories only (even for its owner). */
export async function publicProfile(ctx: ServerContext, viewer: Viewer, uid: string): Promise<PublicProfileResponse> {
  await refreshStreak(ctx, uid);
  const [found, totals, blocks] = await Promise.all([
    findPublicProfile(ctx.db, uid),
    storyTotals(ctx.db, viewer, { author: uid, publicOnly: true }),
    loadBlockFacts(ctx.db, viewer, uid),
  ]);
  const shown = found && { ...found, blocksViewer: blocks.blockedBy };
  authorizeProfile(viewer, 'read', shown);
  const { likes, comments, views, avgWords, longestStory, publicStories, perfectDrabbles } = totals;
  return {
    profile: shown.profile,
    stats: { streak: shown.streak, bestStreak: shown.bestStreak, likes, comments, views, avgWords, longestStory, publicStories, perfectDrabbles },
  };
}

/** A writer's public stories, newest first, paged: the community list filtered to one author. */
export async function publicStories(ctx: ServerContext, viewer: Viewer, uid: string, page: { cursor?: string; limit: number }): Promise<StoryPage> {
  const [facts, blocks] = await Promise.all([findProfileFacts(ctx.db, uid), loadBlockFacts(ctx.db, viewer, uid)]);
  authorizeProfile(viewer, 'read', facts && { ...facts, blocksViewer: blocks.blockedBy });
  return listCommunity(ctx.db, ctx.dialect, viewer, { sort: 'newest', author: uid, q: undefined, genre: undefined, perfect: false, ...page });
}
