import { COMMENT_PAGE_SIZE, type Comment, type CommentPage } from '@common/story';
import type { ServerContext } from '../../context';
import { forbidden, notFound, tooManyRequests } from '../../http/errors';
import { newId } from '../stories/ids';
import { authorizeStory, commentPolicy, type Viewer } from '../stories/policy';
import { findStoryRow, lockStory, storyFacts } from '../stories/queries';
import { findComment, listComments } from './queries';

const COMMENTS_PER_MINUTE = 10;

export async function readComments(ctx: ServerContext, viewer: Viewer, storyId: string, cursor?: string): Promise<CommentPage> {
  const row = await findStoryRow(ctx.db, storyId);
  authorizeStory('read', viewer, row && storyFacts(row));
  const page = await listComments(ctx.db, storyId, storyFacts(row!), viewer, cursor, COMMENT_PAGE_SIZE);
  return { ...page, commentsCount: Number(row!.commentsCount) };
}

/**
 * Posts a comment on a public story. The row and commentsCount change in one transaction,
 * so the count stays exact. A reader may post at most 10 a minute.
 */
export async function addComment(
  ctx: ServerContext,
  viewer: NonNullable<Viewer>,
  storyId: string,
  text: string,
): Promise<{ comment: Comment; commentsCount: number }> {
  const key = `comment:${viewer.uid}`;
  if ((await ctx.rateLimiter.hit(key, 60_000)) > COMMENTS_PER_MINUTE) {
    throw tooManyRequests('You are commenting very quickly. Please wait a minute and try again.');
  }
  const id = newId();
  const { commentsCount, facts } = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockStory(trx, ctx.dialect, storyId);
    authorizeStory('comment', viewer, row && storyFacts(row));
    await trx.insertInto('storyComments').values({ id, storyId, uid: viewer.uid, text, created_at: new Date().toISOString() }).execute();
    const updated = await trx
      .updateTable('stories')
      .set((eb) => ({ commentsCount: eb('commentsCount', '+', 1) }))
      .where('id', '=', storyId)
      .returning('commentsCount')
      .executeTakeFirstOrThrow();
    return { commentsCount: Number(updated.commentsCount), facts: storyFacts(row!) };
  });
  const comment = await findComment(ctx.db, id, viewer, facts);
  if (!comment) throw notFound('Comment not found');
  return { comment, commentsCount };
}

/** The comment's author deletes their own; the story's author deletes any on their story. */
export async function deleteComment(ctx: ServerContext, viewer: NonNullable<Viewer>, storyId: string, commentId: string): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockStory(trx, ctx.dialect, storyId);
    authorizeStory('read', viewer, row && storyFacts(row));
    const comment = await trx
      .selectFrom('storyComments')
      .select(['id', 'uid'])
      .where('id', '=', commentId)
      .where('storyId', '=', storyId)
      .executeTakeFirst();
    if (!comment) throw notFound('Comment not found');
    if (!commentPolicy.delete(viewer, comment, storyFacts(row!))) throw forbidden('You can delete only your own comments.');
    const deleted = await trx.deleteFrom('storyComments').where('id', '=', commentId).returning('id').execute();
    if (deleted.length === 0) return Number(row!.commentsCount);
    const updated = await trx
      .updateTable('stories')
      .set((eb) => ({ commentsCount: eb('commentsCount', '-', deleted.length) }))
      .where('id', '=', storyId)
      .returning('commentsCount')
      .executeTakeFirstOrThrow();
    return Number(updated.commentsCount);
  });
}
