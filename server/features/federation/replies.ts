import './temporal';
import type { Context } from '@fedify/fedify';
import { isActor, type Note } from '@fedify/vocab';
import { COMMENT_MAX } from '@common/stories/rules';
import { fediverseReplyModeSchema } from '@common/federation/federation';
import type { ServerContext } from '../../context';
import { dropRemoteReplies, takeRemoteReply } from '../comments';
import { domainPolicy, knownActor, storyWriterReplies, writerBlocks } from './queries';
import { rememberActor } from './remote-actors';
import { remoteReplyText } from './sanitize';

/**
 * A post from another server in reply to one of our stories (one that may be seen: the caller
 * found it federatable). Taken as a comment under the writer's "Replies from the fediverse"
 * setting: shown, held for their approval (also every reply from a server the host silenced),
 * or not at all; never from an account the writer blocked. Only its author sends it (the
 * activity's actor is the post's attribution, and the post lives on the actor's server).
 */
export async function receiveReply(app: ServerContext, ctx: Context<void>, note: Note, actor: URL, storyId: string): Promise<void> {
  if (!note.id || note.attributionId?.href !== actor.href || note.id.origin !== actor.origin) return;
  const db = app.db;
  const writer = await storyWriterReplies(db, storyId);
  if (!writer) return;
  const mode = fediverseReplyModeSchema.catch('show').parse(writer.fediverseReplies);
  if (mode === 'off' || (await writerBlocks(db, writer.uid, actor.href))) return;
  const text = remoteReplyText(note.content?.toString() ?? '', COMMENT_MAX);
  if (text === '') return;
  let account = await knownActor(db, actor.href);
  if (!account) {
    const author = await note.getAttribution(ctx);
    if (!author || !isActor(author) || author.id?.href !== actor.href) return;
    account = (await rememberActor(db, ctx, author)) ?? undefined;
    if (!account) return;
  }
  const silenced = (await domainPolicy(db, actor.hostname)) === 'silence';
  const url = note.url instanceof URL && /^https?:$/.test(note.url.protocol) ? note.url.href : null;
  await takeRemoteReply(app, {
    uri: note.id.href,
    storyId,
    actorUri: actor.href,
    handle: account.handle,
    url,
    text,
    published: note.published ? new Date(note.published.epochMilliseconds).toISOString() : new Date().toISOString(),
    held: mode === 'hold' || silenced,
  });
}

/** A Delete from another server of a reply it sent: only its author's. Answers whether one went. */
export async function forgetReply(app: ServerContext, objectId: URL, actor: URL): Promise<boolean> {
  const gone = await app.db.transaction().execute((trx) => dropRemoteReplies(app, trx, { uri: objectId.href, actorUri: actor.href }));
  return gone > 0;
}
