import type { Transaction } from 'kysely';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { newId } from '../../shared/ids';
import { lockStory, recordStoryComment, recordStoryCounts } from '../stories';
import { notifySelf, openingWords } from '../notifications';
import { addToCommentsCount, deleteRemoteReplies, insertRemoteReply, releaseHeldReply, remoteReplyByUri, updateRemoteReplyText, type RemoteReplyMatch } from './queries';

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
  await addToCommentsCount(trx, storyId, by);
  await recordStoryComment(ctx, trx, storyId, replyId, by === 1 ? 'created' : 'deleted');
  await recordStoryCounts(ctx, trx, storyId);
}

/** A new reply, or its author's edit of one already here. Answers whether anything was kept. */
export async function takeRemoteReply(ctx: ServerContext, reply: IncomingReply): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const story = await lockStory(trx, ctx.dialect, reply.storyId);
    if (!story) return false;
    const now = new Date().toISOString();
    const known = await remoteReplyByUri(trx, reply.uri);
    if (known) {
      // Only its author edits it, and an edit cannot move it to another story.
      if (known.actorUri !== reply.actorUri || known.storyId !== reply.storyId) return false;
      await updateRemoteReplyText(trx, known.id, { text: reply.text, url: reply.url }, now);
      await recordStoryComment(ctx, trx, reply.storyId, known.id, 'edited');
      return true;
    }
    const id = newId();
    await insertRemoteReply(trx, { id, uri: reply.uri, storyId: reply.storyId, actorUri: reply.actorUri, url: reply.url, text: reply.text, held: reply.held ? 1 : 0, created_at: reply.published, updated_at: now });
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
  if ((await releaseHeldReply(trx, replyId)) === 1) await changeCount(ctx, trx, storyId, replyId, 1);
}

/** Replies deleted (by their author's server, the story's writer, an admin or a block); the counts follow. */
export async function dropRemoteReplies(ctx: ServerContext, trx: Trx, where: RemoteReplyMatch): Promise<number> {
  if (Object.values(where).every((v) => v === undefined)) throw new Error('dropRemoteReplies needs a condition');
  const gone = await deleteRemoteReplies(trx, where);
  for (const row of gone) if (Number(row.held) === 0) await changeCount(ctx, trx, row.storyId, row.id, -1);
  return gone.length;
}
