import type { Transaction } from 'kysely';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { newId } from '../../shared/ids';
import { lockStory, recordStoryComment, recordStoryCounts } from '../stories';
import { notifySelf, openingWords } from '../notifications';

/*
 * Replies from other servers, as comments on our stories (docs/decisions/0066-fediverse-replies.md).
 * The federation feature decides whether a reply is taken at all (a story that may be seen, the
 * writer's reply setting and blocks, the host's domain rules); this is what taking it changes:
 * the row, the story's count (a held reply counts once approved), the live events, and the
 * writer's notification, in one transaction.
 */

type Trx = Transaction<Database>;

export interface IncomingReply {
  /** The post's own id: its server edits and deletes it by this. */
  uri: string;
  storyId: string;
  actorUri: string;
  /** `@name@host`, for the writer's notification. */
  handle: string;
  url: string | null;
  text: string;
  published: string;
  held: boolean;
}

async function changeCount(ctx: ServerContext, trx: Trx, storyId: string, replyId: string, by: 1 | -1): Promise<void> {
  await trx
    .updateTable('stories')
    .set((eb) => ({ commentsCount: eb('commentsCount', '+', by) }))
    .where('id', '=', storyId)
    .execute();
  await recordStoryComment(ctx, trx, storyId, replyId, by === 1 ? 'created' : 'deleted');
  await recordStoryCounts(ctx, trx, storyId);
}

/** A new reply, or its author's edit of one already here. Answers whether anything was kept. */
export async function takeRemoteReply(ctx: ServerContext, reply: IncomingReply): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const story = await lockStory(trx, ctx.dialect, reply.storyId);
    if (!story) return false;
    const now = new Date().toISOString();
    const known = await trx.selectFrom('remoteReplies').select(['id', 'actorUri', 'storyId']).where('uri', '=', reply.uri).executeTakeFirst();
    if (known) {
      // Only its author edits it, and an edit cannot move it to another story.
      if (known.actorUri !== reply.actorUri || known.storyId !== reply.storyId) return false;
      await trx.updateTable('remoteReplies').set({ text: reply.text, url: reply.url, updated_at: now }).where('id', '=', known.id).execute();
      await recordStoryComment(ctx, trx, reply.storyId, known.id, 'edited');
      return true;
    }
    const id = newId();
    await trx
      .insertInto('remoteReplies')
      .values({ id, uri: reply.uri, storyId: reply.storyId, actorUri: reply.actorUri, url: reply.url, text: reply.text, held: reply.held ? 1 : 0, created_at: reply.published, updated_at: now })
      .execute();
    if (!reply.held) await changeCount(ctx, trx, reply.storyId, id, 1);
    const words = openingWords(reply.text, 80);
    await notifySelf(ctx, trx, {
      to: story.uid,
      type: 'fediverse_reply',
      detail: reply.held ? `${reply.handle} replied to “${story.title}” (held for your approval): ${words}` : `${reply.handle} replied to “${story.title}”: ${words}`,
      link: `/story/${reply.storyId}`,
      at: now,
    });
    return true;
  });
}

/** The story's writer lets a held reply be seen: it is counted from now on. */
export async function approveRemoteReply(ctx: ServerContext, trx: Trx, storyId: string, replyId: string): Promise<void> {
  const approved = await trx.updateTable('remoteReplies').set({ held: 0 }).where('id', '=', replyId).where('held', '=', 1).executeTakeFirst();
  if (Number(approved.numUpdatedRows) === 1) await changeCount(ctx, trx, storyId, replyId, 1);
}

/** Replies deleted (by their author's server, the story's writer, an admin or a block); the counts follow. */
export async function dropRemoteReplies(ctx: ServerContext, trx: Trx, where: { ids?: readonly string[]; uri?: string; actorUri?: string; actorUris?: readonly string[]; onStoriesOf?: string }): Promise<number> {
  if (Object.values(where).every((v) => v === undefined)) throw new Error('dropRemoteReplies needs a condition');
  let q = trx.deleteFrom('remoteReplies');
  if (where.ids) q = q.where('id', 'in', where.ids.length > 0 ? where.ids : ['']);
  if (where.uri !== undefined) q = q.where('uri', '=', where.uri);
  if (where.actorUri !== undefined) q = q.where('actorUri', '=', where.actorUri);
  if (where.onStoriesOf !== undefined) q = q.where('storyId', 'in', trx.selectFrom('stories').select('id').where('uid', '=', where.onStoriesOf));
  if (where.actorUris) q = q.where('actorUri', 'in', where.actorUris.length > 0 ? where.actorUris : ['']);
  const gone = await q.returning(['id', 'storyId', 'held']).execute();
  for (const row of gone) if (Number(row.held) === 0) await changeCount(ctx, trx, row.storyId, row.id, -1);
  return gone.length;
}
