import type { Kysely, Transaction } from 'kysely';
import {
  directPairKey,
  type CanMessageResponse,
  type ConversationMessage,
  type StartConversationResponse,
} from '@common/messages/messages';
import { REPORT_TEXTS } from '@common/moderation/moderation';
import type { ServerContext, SessionUser } from '../../context';
import type { Database } from '../../db/types';
import { userTopic } from '../../events/bus';
import { forbidden, notFound } from '../../http/errors';
import { authorizeConversation, messagingVerdict, type MessagingFacts } from '../../policy/messages';
import { USER_NOT_FOUND } from '../../policy/profiles';
import { blockedEitherWay } from '../../policy/relations';
import { viewerOf, type SignedInViewer } from '../../policy/viewer';
import { authorName } from '../../shared/author';
import { notify, scheduleMessageEmail, withdraw } from '../notifications';
import {
  conversationSummary,
  findConversation,
  findDirectConversation,
  findMessageRow,
  lockConversation,
  lockDirectConversation,
  messageAs,
  otherParticipant,
  typingShown,
  viewOf,
  type ConversationRecord,
  type ConversationView,
} from './queries';
import { followRow, limitedAtOf, setConversationStatus } from './queries';
import { assertDailyCap, assertNotBroadcast, lockMessagingUsers, readMessagingUsers, type MessagingUser } from './safety';
import { announceConversation } from './writes';
import { appendMessage, createConversation } from './queries/conversation-writes';

/*
 * Direct messages between two writers. Every send locks both writers' users rows
 * (uid order) and then the conversation, so the anti-spam counts (safety.ts), the pair's one
 * conversation and its request state are decided one send at a time.
 */

type Trx = Transaction<Database>;

/** A limited account keeps its conversations but cannot start new ones. Read from the row, not the cached session. */
async function isLimited(db: Kysely<Database>, uid: string): Promise<boolean> {
  const row = await limitedAtOf(db, uid);
  return Boolean(row?.limitedAt);
}

async function assertNotLimited(trx: Trx, uid: string): Promise<void> {
  if (await isLimited(trx, uid)) throw forbidden(REPORT_TEXTS.limitedConversations);
}

async function follows(db: Kysely<Database>, follower: string, followee: string): Promise<boolean> {
  return (await followRow(db, follower, followee)) !== undefined;
}

/** Everything messagingVerdict looks at, between the viewer and the recipient. */
async function messagingFacts(db: Kysely<Database>, viewer: MessagingUser, recipient: MessagingUser, existing: ConversationRecord | null, now: Date): Promise<MessagingFacts> {
  const self = viewer.uid === recipient.uid;
  return {
    self,
    blocked: !self && (await blockedEitherWay(db, viewer.uid, recipient.uid)),
    recipientAway: recipient.away,
    recipientName: authorName(recipient),
    whoCanMessage: recipient.whoCanMessage,
    viewerFollows: await follows(db, viewer.uid, recipient.uid),
    followsViewer: await follows(db, recipient.uid, viewer.uid),
    accountAgeMs: now.getTime() - Date.parse(viewer.created_at),
    existing: existing && { status: existing.status, createdBy: existing.createdBy },
  };
}

/** GET /api/users/:uid/can-message: asked before the composer opens. A block reads as "not accepting messages". */
export async function canMessage(ctx: ServerContext, viewer: SignedInViewer, uid: string): Promise<CanMessageResponse> {
  const users = await readMessagingUsers(ctx.db, [viewer.uid, uid]);
  const me = users.get(viewer.uid);
  const recipient = users.get(uid);
  if (!me || !recipient) throw notFound(USER_NOT_FOUND);
  const existing = viewer.uid === uid ? null : await findDirectConversation(ctx.db, directPairKey(viewer.uid, uid));
  const facts = await messagingFacts(ctx.db, me, recipient, existing, new Date());
  const verdict = messagingVerdict(viewer, facts);
  // A blocked pair's conversation is hidden from both: its id is not handed out.
  const answer = { ...verdict, conversationId: existing && !facts.blocked ? existing.id : null };
  // A limited account may still write in the conversations it has, never start one.
  if (answer.canMessage && !existing && (await isLimited(ctx.db, viewer.uid))) return { ...answer, canMessage: false, reason: REPORT_TEXTS.limitedConversations };
  return answer;
}

interface Sent {
  view: ConversationView;
  messageId: string;
}

/**
 * Appends the sender's message to a locked direct conversation the sender may reply in:
 * the recipient replying to a request accepts it; the recipient's tabs get the message
 * (`message.created`, as they see it) and the list (`conversation.changed`); an accepted
 * conversation's message is emailed later if still unread.
 */
async function postDirect(ctx: ServerContext, trx: Trx, sender: SignedInViewer, view: ConversationView, text: string, now: Date): Promise<Sent> {
  const recipient = otherParticipant(view, sender.uid);
  if (!recipient) throw notFound(USER_NOT_FOUND);
  await assertNotBroadcast(trx, sender.uid, recipient, text, now);
  let current = view;
  if (view.status !== 'accepted' && view.createdBy !== sender.uid) current = await acceptRequest(ctx, trx, view, sender.uid);
  const message = await appendMessage(trx, view.id, { from: sender.uid, fromType: 'user', text, at: now.toISOString(), unreadFor: [recipient] });
  current = { ...current, lastMessage: text, lastMessageAt: message.created_at };
  await announceMessage(ctx, trx, current, message.id, now);
  if (current.status === 'accepted') await scheduleMessageEmail(trx, recipient, view.id, message.created_at);
  return { view: current, messageId: message.id };
}

/** `message.created` to each participant (as they see it, the sender's too), then `conversation.changed` to each. */
async function announceMessage(ctx: ServerContext, trx: Trx, view: ConversationView, messageId: string, now: Date): Promise<void> {
  const row = await findMessageRow(trx, view.id, messageId);
  if (!row) return;
  for (const uid of view.participants) {
    const message: ConversationMessage = messageAs(row, view, { uid, admin: false }, now.getTime());
    await ctx.bus.record(trx, userTopic(uid), 'message.created', { conversationId: view.id, message });
  }
  await announceConversation(ctx, trx, view.id);
}

/** The request becomes an accepted conversation; its notification is taken back. */
async function acceptRequest(ctx: ServerContext, trx: Trx, view: ConversationView, recipient: string): Promise<ConversationView> {
  await setConversationStatus(trx, view.id, 'accepted');
  if (view.createdBy) await withdraw(ctx, trx, { to: recipient, type: 'message_request', actorUid: view.createdBy, conversationId: view.id });
  return { ...view, status: 'accepted' };
}

/**
 * Locks both writers and then the conversation, and reads its facts again under the locks.
 * `peeked`: the conversation as read before the transaction, for its kind and its writers
 * (a direct conversation's two never change); read here when not given.
 */
async function lockDirect(ctx: ServerContext, trx: Trx, conversationId: string, peeked?: ConversationRecord): Promise<ConversationView | null> {
  const peek = peeked ?? (await findConversation(trx, conversationId));
  if (!peek || peek.type !== 'direct') return null;
  await lockMessagingUsers(trx, ctx.dialect, peek.participants);
  return viewOf(trx, await lockConversation(trx, ctx.dialect, conversationId));
}

/**
 * POST /api/conversations/:id/messages in a direct conversation (as `peeked` before the
 * transaction): whether the sender may reply is decided under the locks. Returns the message
 * as the sender sees it.
 */
export async function replyDirect(ctx: ServerContext, user: SessionUser, peeked: ConversationRecord, text: string): Promise<ConversationMessage> {
  const viewer = viewerOf(user);
  return ctx.db.transaction().execute(async (trx) => {
    const view = await lockDirect(ctx, trx, peeked.id, peeked);
    authorizeConversation(viewer, 'reply', view);
    const now = new Date();
    const sent = await postDirect(ctx, trx, viewer, view, text, now);
    return requireMessage(trx, sent, viewer, now);
  });
}

async function requireMessage(trx: Trx, sent: Sent, viewer: SignedInViewer, now: Date): Promise<ConversationMessage> {
  const row = await findMessageRow(trx, sent.view.id, sent.messageId);
  if (!row) throw new Error('the message just sent is missing');
  return messageAs(row, sent.view, viewer, now.getTime());
}

/**
 * POST /api/conversations {to, text}: the first message of a new direct conversation (a
 * request when they are not friends), or the next one in the pair's existing conversation.
 */
export async function startConversation(ctx: ServerContext, user: SessionUser, to: string, text: string): Promise<StartConversationResponse> {
  const viewer = viewerOf(user);
  return ctx.db.transaction().execute(async (trx) => {
    const users = await lockMessagingUsers(trx, ctx.dialect, [viewer.uid, to]);
    const me = users.get(viewer.uid);
    const recipient = users.get(to);
    if (!me || !recipient) throw notFound(USER_NOT_FOUND);
    const now = new Date();
    const pairKey = directPairKey(viewer.uid, to);
    const existing = viewer.uid === to ? null : await viewOf(trx, await lockDirectConversation(trx, ctx.dialect, pairKey));
    const verdict = messagingVerdict(viewer, await messagingFacts(trx, me, recipient, existing, now));
    if (!verdict.canMessage) throw forbidden(verdict.reason);

    let sent: Sent;
    if (existing) {
      authorizeConversation(viewer, 'reply', existing);
      sent = await postDirect(ctx, trx, viewer, existing, text, now);
    } else {
      await assertNotLimited(trx, viewer.uid);
      await assertDailyCap(trx, viewer.uid, now);
      const status = verdict.asRequest ? 'request' : 'accepted';
      const id = await createConversation(trx, {
        type: 'direct',
        featureRequestId: null,
        participants: [viewer.uid, to],
        at: now.toISOString(),
        direct: { pairKey, createdBy: viewer.uid, status },
      });
      const view = await viewOf(trx, await findConversation(trx, id));
      if (!view) throw new Error('the conversation just created is missing');
      sent = await postDirect(ctx, trx, viewer, view, text, now);
      if (status === 'request') {
        await notify(ctx, trx, { to, type: 'message_request', actorUid: viewer.uid, at: now.toISOString(), link: `/messages?c=${id}`, conversationId: id });
      }
    }
    const message = await requireMessage(trx, sent, viewer, now);
    return { conversation: await conversationSummary(trx, viewer, sent.view), message };
  });
}

/** POST /api/conversations/:id/accept: the request moves to the recipient's inbox (its unread message now counts). */
export async function acceptConversation(ctx: ServerContext, viewer: SignedInViewer, conversationId: string): Promise<ConversationView> {
  return ctx.db.transaction().execute(async (trx) => {
    const view = await lockDirect(ctx, trx, conversationId);
    authorizeConversation(viewer, 'accept', view);
    const accepted = await acceptRequest(ctx, trx, view, viewer.uid);
    await announceConversation(ctx, trx, conversationId);
    return accepted;
  });
}

/**
 * POST /api/conversations/:id/decline: hidden from the recipient's lists. The sender is not
 * told: only the recipient's own tabs hear of it, and the sender's view stays 'pending'.
 */
export async function declineConversation(ctx: ServerContext, viewer: SignedInViewer, conversationId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const view = await lockDirect(ctx, trx, conversationId);
    authorizeConversation(viewer, 'accept', view);
    await setConversationStatus(trx, conversationId, 'declined');
    if (view.createdBy) await withdraw(ctx, trx, { to: viewer.uid, type: 'message_request', actorUid: view.createdBy, conversationId });
    await ctx.bus.record(trx, userTopic(viewer.uid), 'conversation.changed', { conversationId });
  });
}

/**
 * POST /api/conversations/:id/typing: the other writer's tabs show "typing…" when both have
 * the indicator on, in an accepted conversation without a block; otherwise nothing is sent.
 */
export async function signalTyping(ctx: ServerContext, viewer: SignedInViewer, conversationId: string): Promise<void> {
  const view = await viewOf(ctx.db, await findConversation(ctx.db, conversationId));
  authorizeConversation(viewer, 'read', view);
  const other = otherParticipant(view, viewer.uid);
  if (view.type !== 'direct' || !other || !typingShown(view)) return;
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.bus.record(trx, userTopic(other), 'conversation.typing', { conversationId, uid: viewer.uid });
  });
}
