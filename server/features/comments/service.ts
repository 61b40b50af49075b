import { COMMENT_PAGE_SIZE, type Comment, type CommentPage } from '@common/stories/story';
import type { ServerContext } from '../../context';
import { notFound } from '../../http/errors';
import { authorizeComment, COMMENT_NOT_FOUND } from './policy';
import { authorizeStory } from '../../policy/stories';
import { withBlockFact } from '../../policy/relations';
import type { SignedInViewer, Viewer } from '../../policy/viewer';
import { newId } from '../../shared/ids';
import { findStoryRowFor, lockStory, recordStoryComment, recordStoryCounts } from '../stories';
import { notify, openingWords, withdraw } from '../notifications';
import { awardBadges } from '../badges';
import { commentOnStory, commentsCountOf, deleteCommentRow, findComment, findRemoteReply, insertComment, listComments, shiftCommentsCount } from './queries';
import { approveRemoteReply, dropRemoteReplies } from './remote-replies';

export async function readComments(ctx: ServerContext, viewer: Viewer, storyId: string, cursor?: string): Promise<CommentPage> {
  const row = await findStoryRowFor(ctx.db, viewer, storyId);
  authorizeStory(viewer, 'read', row);
  // An anonymous contest entry's thread (from before it was entered) could name its author: closed to others until the reveal.
  if (row.contestId !== null && row.uid !== viewer?.uid) return { comments: [], nextCursor: null, commentsCount: 0 };
  const page = await listComments(ctx.db, storyId, row, viewer, cursor, COMMENT_PAGE_SIZE);
  return { ...page, commentsCount: Number(row.commentsCount) };
}

/**
 * Posts a comment on a public story. The row and commentsCount change in one transaction,
 * so the count stays exact. (How often a reader may post: LIMITS.comments, on the route.)
 */
export async function addComment(
  ctx: ServerContext,
  viewer: SignedInViewer,
  storyId: string,
  text: string,
): Promise<{ comment: Comment; commentsCount: number }> {
  const id = newId();
  const { commentsCount, story } = await ctx.db.transaction().execute(async (trx) => {
    const row = await withBlockFact(trx, viewer, await lockStory(trx, ctx.dialect, storyId));
    authorizeStory(viewer, 'comment', row);
    await insertComment(trx, { id, storyId, uid: viewer.uid, text, created_at: new Date().toISOString() });
    // A reader's comment may earn the author "First comment received". Before any event is
    // recorded: the outbox's id lock must be the last lock a transaction takes (decision 0006).
    if (row.uid !== viewer.uid) await awardBadges(ctx, trx, row.uid, new Date().toISOString(), ['commentsReceived']);
    await notify(ctx, trx, { to: row.uid, type: 'comment', actorUid: viewer.uid, at: new Date().toISOString(), link: `/story/${storyId}`, subject: row.title, detail: openingWords(text, 80), commentId: id, storyId });
    const updated = await shiftCommentsCount(trx, storyId, '+', 1);
    await recordStoryComment(ctx, trx, storyId, id, 'created');
    await recordStoryCounts(ctx, trx, storyId);
    return { commentsCount: Number(updated.commentsCount), story: row };
  });
  const comment = await findComment(ctx.db, id, viewer, story);
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  return { comment, commentsCount };
}

/** The comment's author deletes their own; the story's author deletes any on their story, replies from other servers too. */
export async function deleteComment(ctx: ServerContext, viewer: SignedInViewer, storyId: string, commentId: string): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await withBlockFact(trx, viewer, await lockStory(trx, ctx.dialect, storyId));
    authorizeStory(viewer, 'read', row);
    const reply = await findRemoteReply(trx, storyId, commentId);
    if (reply) {
      authorizeComment(viewer, 'delete', reply, row);
      await dropRemoteReplies(ctx, trx, { ids: [reply.id] });
      return Number((await commentsCountOf(trx, storyId)).commentsCount);
    }
    const comment = await withBlockFact(
      trx,
      viewer,
      await commentOnStory(trx, storyId, commentId),
    );
    authorizeComment(viewer, 'delete', comment, row);
    const deleted = await deleteCommentRow(trx, commentId);
    if (deleted.length === 0) return Number(row.commentsCount);
    await withdraw(ctx, trx, { to: row.uid, type: 'comment', actorUid: comment.uid, commentId });
    const updated = await shiftCommentsCount(trx, storyId, '-', deleted.length);
    await recordStoryComment(ctx, trx, storyId, commentId, 'deleted');
    await recordStoryCounts(ctx, trx, storyId);
    return Number(updated.commentsCount);
  });
}

/** The story's writer lets a reply from another server that was held for them be seen. */
export async function approveComment(ctx: ServerContext, viewer: SignedInViewer, storyId: string, commentId: string): Promise<{ comment: Comment; commentsCount: number }> {
  const story = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockStory(trx, ctx.dialect, storyId);
    authorizeStory(viewer, 'read', row);
    authorizeComment(viewer, 'approve', await findRemoteReply(trx, storyId, commentId), row);
    await approveRemoteReply(ctx, trx, storyId, commentId);
    return row;
  });
  const comment = await findComment(ctx.db, commentId, viewer, story);
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  const counts = await commentsCountOf(ctx.db, storyId);
  return { comment, commentsCount: Number(counts.commentsCount) };
}
