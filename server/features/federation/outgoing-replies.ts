import './temporal';
import { Create, PUBLIC_COLLECTION } from '@fedify/vocab';
import type { ServerContext } from '../../context';
import { notFound } from '../../http/errors';
import { newId } from '../../shared/ids';
import { replyNote } from './notes';
import { recipientOf } from './remote-actors';
import { federationOf } from './of-context';
import { answerablePost, findSentReply, saveSentReply } from './queries';

/**
 * A member answers a post from a writer they follow on another server (only such posts reach
 * them): kept, then sent to the writer's server as the Create of a public Note.
 */
export async function sendReply(ctx: ServerContext, uid: string, inReplyTo: string, text: string): Promise<void> {
  const service = federationOf(ctx);
  if (!service) throw notFound('Federation is off on this server.');
  const post = await answerablePost(ctx.db, uid, inReplyTo);
  if (!post) throw notFound('That post is not one you can answer here.');
  const id = newId();
  await saveSentReply(ctx.db, { id, uid, inReplyTo, actorUri: post.actorUri, text, created_at: new Date().toISOString() });
  const reply = await findSentReply(ctx.db, id);
  if (!reply) throw notFound('That post is not one you can answer here.');
  const fed = service.fed.context();
  const note = replyNote(fed, reply);
  await fed.sendActivity(
    { identifier: uid },
    recipientOf({ uri: post.actorUri, inbox: post.inbox, sharedInbox: post.sharedInbox }),
    new Create({ id: new URL(`${note.id!.href}#create`), actor: fed.getActorUri(uid), object: note, to: PUBLIC_COLLECTION, ccs: [new URL(post.actorUri)] }),
  );
}
