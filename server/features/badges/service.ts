import { BADGES, isBadgeId, type EarnedBadge, type MyBadgesResponse, type UserBadgesResponse } from '@common/badges/badges';
import type { ServerContext } from '../../context';
import { authorizeProfile } from '../../policy/profiles';
import { loadBlockFacts } from '../../policy/relations';
import type { SignedInViewer, Viewer } from '../../policy/viewer';
import { findProfileFacts } from '../profile';
import { earnedRows } from './queries';

/** When each badge was earned, by id (rows of badges no longer in the catalogue are skipped). */
async function earnedAtById(ctx: ServerContext, uid: string): Promise<Map<string, string>> {
  const rows = await earnedRows(ctx.db, uid);
  return new Map(rows.filter((r) => isBadgeId(r.badge)).map((r) => [r.badge, r.earnedAt]));
}

/**
 * A writer's earned badges, in catalogue order, for whoever may see their profile (guests
 * too): a hidden account, or one whose writer blocks the viewer, is 'User not found', exactly
 * as the profile is (server/policy/profiles.ts).
 */
export async function userBadges(ctx: ServerContext, viewer: Viewer, uid: string): Promise<UserBadgesResponse> {
  const [facts, blocks] = await Promise.all([findProfileFacts(ctx.db, uid), loadBlockFacts(ctx.db, viewer, uid)]);
  authorizeProfile(viewer, 'read', facts && { ...facts, blocksViewer: blocks.blockedBy });
  const earned = await earnedAtById(ctx, uid);
  const badges: EarnedBadge[] = [];
  for (const { id, name, description } of BADGES) {
    const earnedAt = earned.get(id);
    if (earnedAt) badges.push({ id, name, description, earnedAt });
  }
  return { badges };
}

/** The signed-in writer's whole catalogue: earned ones with their date, the rest locked (null). */
export async function myBadges(ctx: ServerContext, viewer: SignedInViewer): Promise<MyBadgesResponse> {
  const earned = await earnedAtById(ctx, viewer.uid);
  return { badges: BADGES.map(({ id, name, description }) => ({ id, name, description, earnedAt: earned.get(id) ?? null })) };
}
