import './temporal';
import type { Context } from '@fedify/fedify';
import { Create, Mention, Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import type { ServerContext } from '../../context';
import { notFound } from '../../http/errors';
import { newId } from '../../shared/ids';
import { escapeHtml } from './notes';
import { recipientOf } from './remote-actors';
import { federationOf } from './of-context';
import { answerablePost, findSentReply, saveSentReply, type SentReply } from './queries';

/**
 * The reply as the Note Mastodon threads: public, opening with a mention of the account it
 * answers (Mastodon notifies by the Mention tag and shows the "@name" link), `inReplyTo` the post.
 */
export function replyNote(ctx: Context<unknown>, reply: SentReply): Note {
  const [, name = reply.handle] = /^@([^@]+)@/.exec(reply.handle) ?? [];
  const mention = `<span class="h-card"><a href="${escapeHtml(reply.url ?? reply.actorUri)}" class="u-url mention">@<span>${escapeHtml(name)}</span></a></span>`;
  const paragraphs = reply.text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => escapeHtml(p).replace(/\n/g, '<br>'));
  const content = paragraphs.map((p, i) => `<p>${i === 0 ? `${mention} ` : ''}${p}</p>`).join('');
  return new Note({
    id: ctx.getObjectUri(Note, { id: reply.id }),
    attribution: ctx.getActorUri(reply.uid),
    to: PUBLIC_COLLECTION,
    ccs: [new URL(reply.actorUri), ctx.getFollowersUri(reply.uid)],
    replyTarget: new URL(reply.inReplyTo),
    content,
    published: Temporal.Instant.from(reply.created_at),
    tags: [new Mention({ href: new URL(reply.actorUri), name: reply.handle })],
  });
}

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
