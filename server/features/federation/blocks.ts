import type { z } from 'zod';
import type { remoteBlockListSchema } from '@common/federation/federation';
import type { ServerContext } from '../../context';
import { notFound } from '../../http/errors';
import { dropRemoteReplies } from '../comments';
import { account, removeRemoteFollowerOf, serviceOf, unfollowRemote } from './members';
import { addWriterBlock, blockedAccounts, followWithInbox, knownActor, removeWriterBlock } from './queries';

type BlockList = z.infer<typeof remoteBlockListSchema>;

export async function remoteBlocks(ctx: ServerContext, uid: string): Promise<BlockList> {
  const rows = await blockedAccounts(ctx.db, uid);
  return { blocked: rows.map((row) => ({ ...account(row), since: row.created_at })) };
}

/**
 * A writer blocks an account on another server they have met (a follower, someone they follow,
 * the author of a reply): it no longer follows them (its server gets a Reject), they no longer
 * follow it (an Undo), its replies to their stories go, and from now on its follows are refused
 * and its replies, likes and boosts of their stories are not taken (federation.ts, replies.ts).
 */
export async function blockRemote(ctx: ServerContext, uid: string, actorUri: string): Promise<BlockList> {
  serviceOf(ctx);
  if (!(await knownActor(ctx.db, actorUri))) throw notFound('No such account.');
  await addWriterBlock(ctx.db, uid, actorUri);
  if (await followWithInbox(ctx.db, 'remoteFollowers', uid, actorUri)) await removeRemoteFollowerOf(ctx, uid, actorUri);
  if (await followWithInbox(ctx.db, 'remoteFollowing', uid, actorUri)) await unfollowRemote(ctx, uid, actorUri);
  await ctx.db.transaction().execute((trx) => dropRemoteReplies(ctx, trx, { actorUri, onStoriesOf: uid }));
  return remoteBlocks(ctx, uid);
}

export async function unblockRemote(ctx: ServerContext, uid: string, actorUri: string): Promise<void> {
  if (!(await removeWriterBlock(ctx.db, uid, actorUri))) throw notFound('You have not blocked them.');
}
