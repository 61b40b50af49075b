import type { ReactionKind, ReactionSummary } from '@common/story';
import type { ServerContext } from '../../context';
import { authorizeStory } from '../../policy/stories';
import { withBlockFact } from '../../policy/relations';
import type { SignedInViewer } from '../../policy/viewer';
import { lockStory, reactionSummary } from '../stories';

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
    const changed = present
      ? await trx
          .insertInto('storyReactions')
          .values({ storyId, uid: viewer.uid, kind, created_at: new Date().toISOString() })
          .onConflict((oc) => oc.columns(['storyId', 'uid', 'kind']).doNothing())
          .returning('kind')
          .execute()
      : await trx
          .deleteFrom('storyReactions')
          .where('storyId', '=', storyId)
          .where('uid', '=', viewer.uid)
          .where('kind', '=', kind)
          .returning('kind')
          .execute();
    if (changed.length === 0) return Number(row.likesCount);
    const updated = await trx
      .updateTable('stories')
      .set((eb) => ({ likesCount: eb('likesCount', present ? '+' : '-', changed.length) }))
      .where('id', '=', storyId)
      .returning('likesCount')
      .executeTakeFirstOrThrow();
    return Number(updated.likesCount);
  });
  return { reactions: await reactionSummary(ctx.db, storyId, viewer.uid), likesCount };
}
