import type { Transaction } from 'kysely';
import type { ReactionKind, ReactionSummary } from '@common/stories/story';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { authorizeStory } from '../../policy/stories';
import { withBlockFact } from '../../policy/relations';
import type { SignedInViewer } from '../../policy/viewer';
import { notify, withdraw } from '../notifications';
import { lockStory, reactionSummary, recordStoryCounts } from '../stories';
import { awardBadges } from '../badges';
import { addToLikesCount, anyReactionOf, deleteReaction, insertReaction } from './queries';

/**
 * The story's author hears of a reader's first reaction (grouped per story by notify); the
 * reader leaves the group only when their last reaction on the story is gone.
 */
async function tellAuthor(ctx: ServerContext, trx: Transaction<Database>, r: { storyId: string; author: string; title: string; reader: string; present: boolean }): Promise<void> {
  const cause = { to: r.author, type: 'reaction' as const, actorUid: r.reader, storyId: r.storyId };
  if (r.present) {
    await notify(ctx, trx, { ...cause, at: new Date().toISOString(), link: `/story/${r.storyId}`, subject: r.title });
    return;
  }
  const left = await anyReactionOf(trx, r.storyId, r.reader);
  if (!left) await withdraw(ctx, trx, cause);
}

export interface ReactionResult {
  reactions: ReactionSummary;
  likesCount: number;
}

/**
 * Adds or removes one reaction of a reader's. The row and the story's likesCount change in
 * one transaction, and only when the row really was inserted or deleted (the primary key
 * makes a repeated add a no-op), so likesCount equals the stored reactions however many
 * readers click at once. Both calls are idempotent: the client says what it wants, not "toggle".
 */
export async function setReaction(
  ctx: ServerContext,
  viewer: SignedInViewer,
  storyId: string,
  kind: ReactionKind,
  present: boolean,
): Promise<ReactionResult> {
  const likesCount = await ctx.db.transaction().execute(async (trx) => {
    const row = await withBlockFact(trx, viewer, await lockStory(trx, ctx.dialect, storyId));
    authorizeStory(viewer, 'react', row);
    const changed = present ? await insertReaction(trx, storyId, viewer.uid, kind, new Date().toISOString()) : await deleteReaction(trx, storyId, viewer.uid, kind);
    if (changed.length === 0) return Number(row.likesCount);
    const updated = await addToLikesCount(trx, storyId, present ? changed.length : -changed.length);
    // A reaction added may earn the author "10 reactions on a story". Before any event is
    // recorded: the outbox's id lock must be the last lock a transaction takes (decision 0006).
    if (present) await awardBadges(ctx, trx, row.uid, new Date().toISOString(), ['mostReactions']);
    await tellAuthor(ctx, trx, { storyId, author: row.uid, title: row.title, reader: viewer.uid, present });
    await recordStoryCounts(ctx, trx, storyId);
    return Number(updated.likesCount);
  });
  return { reactions: await reactionSummary(ctx.db, storyId, viewer.uid), likesCount };
}
