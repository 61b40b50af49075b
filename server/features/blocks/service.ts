import type { Transaction } from 'kysely';
import type { MuteDuration, Relationship } from '@common/follows/follows';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { userTopic } from '../../events/bus';
import { authorizeRelationTarget } from '../../policy/relations';
import type { SignedInViewer } from '../../policy/viewer';
import { loadRelationship, lockUsers, recordProfileCounts, removeFollowsBetween } from '../follows';
import { deleteBlock, deleteMute, insertBlock, upsertMute } from './queries';

/**
 * Blocks and mutes. A block is one transaction: both writers' rows locked (lockUsers, the
 * order a follow takes them too, so a follow racing the block either lands first and is
 * removed here, or sees the block and is refused), the block row, then every follow and
 * request between them gone with exact counts. A mute is one row on the muter's side only.
 */

const HOUR_MS = 3_600_000;
const MUTE_MS: Record<MuteDuration, number | null> = { '1h': HOUR_MS, '1d': 24 * HOUR_MS, '7d': 7 * 24 * HOUR_MS, forever: null };

/** When a mute chosen at `now` ends; null: forever. */
export function muteUntil(duration: MuteDuration, now: Date): string | null {
  const ms = MUTE_MS[duration];
  return ms === null ? null : new Date(now.getTime() + ms).toISOString();
}

/** Locks both writers and checks the viewer may act on `uid` (404 'User not found' otherwise). */
async function lockTarget(ctx: ServerContext, trx: Transaction<Database>, viewer: SignedInViewer, uid: string): Promise<void> {
  const locked = await lockUsers(trx, ctx.dialect, [viewer.uid, uid]);
  authorizeRelationTarget(viewer, locked.get(uid));
}

async function tellBoth(ctx: ServerContext, trx: Transaction<Database>, a: string, b: string): Promise<void> {
  await ctx.bus.record(trx, userTopic(a), 'relationship.changed', { uid: b });
  await ctx.bus.record(trx, userTopic(b), 'relationship.changed', { uid: a });
}

/** Blocks `uid`; idempotent (a second block changes nothing and tells no one). */
export async function block(ctx: ServerContext, viewer: SignedInViewer, uid: string, now = new Date()): Promise<Relationship> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockTarget(ctx, trx, viewer, uid);
    const inserted = await insertBlock(trx, viewer.uid, uid, now.toISOString());
    if (inserted.length > 0) {
      if (await removeFollowsBetween(trx, viewer.uid, uid)) await recordProfileCounts(ctx, trx, [viewer.uid, uid]);
      await tellBoth(ctx, trx, viewer.uid, uid);
    }
    return loadRelationship(trx, viewer.uid, uid);
  });
}

/** Lifts the viewer's block on `uid`; the follows it removed stay removed. Idempotent. */
export async function unblock(ctx: ServerContext, viewer: SignedInViewer, uid: string): Promise<Relationship> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockTarget(ctx, trx, viewer, uid);
    const deleted = await deleteBlock(trx, viewer.uid, uid);
    if (deleted.length > 0) await tellBoth(ctx, trx, viewer.uid, uid);
    return loadRelationship(trx, viewer.uid, uid);
  });
}

/** Mutes `uid` for `duration` from now (muting again sets a new end). Private: only the muter hears of it. */
export async function mute(ctx: ServerContext, viewer: SignedInViewer, uid: string, duration: MuteDuration, now = new Date()): Promise<Relationship> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockTarget(ctx, trx, viewer, uid);
    const until = muteUntil(duration, now);
    await upsertMute(trx, viewer.uid, uid, until, now.toISOString());
    await ctx.bus.record(trx, userTopic(viewer.uid), 'relationship.changed', { uid });
    return loadRelationship(trx, viewer.uid, uid, now.toISOString());
  });
}

/** Ends the viewer's mute of `uid`; idempotent. */
export async function unmute(ctx: ServerContext, viewer: SignedInViewer, uid: string): Promise<Relationship> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockTarget(ctx, trx, viewer, uid);
    const deleted = await deleteMute(trx, viewer.uid, uid);
    if (deleted.length > 0) await ctx.bus.record(trx, userTopic(viewer.uid), 'relationship.changed', { uid });
    return loadRelationship(trx, viewer.uid, uid);
  });
}
