import type { Transaction } from 'kysely';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { userTopic } from '../../events/bus';
import { clearUnread, deleteConversationRow, markOthersMessagesRead, participantsOf, readStateOf } from './queries/conversation-writes';

/*
 * What the writes every kind of conversation shares (queries/conversation-writes.ts) tell:
 * callers run them inside their own transaction, with the conversation locked
 * (lockConversation), and call `announceConversation` once at the end so each participant's
 * open tabs refetch.
 */

type Trx = Transaction<Database>;

/**
 * The reader has seen everything in it: their unread flag is cleared, the messages others
 * sent are marked read, and their read mark (lastReadAt, which "Seen" compares with) moves to
 * the last message. Returns whether anything changed; only then are tabs told (a repeat
 * writes nothing): in an accepted direct conversation every participant's, so the sender's
 * open thread shows "Seen"; otherwise only the reader's (a request is read unseen, and a
 * feature request's thread shows no "Seen").
 */
export async function markConversationRead(ctx: ServerContext, trx: Trx, conversationId: string, reader: string): Promise<boolean> {
  const conversation = await readStateOf(trx, conversationId);
  if (!conversation) return false;
  // One statement for the flag and the read mark, first (as every other write here takes
  // the participant row before message rows), so concurrent replies cannot deadlock with it.
  const flag = await clearUnread(trx, conversationId, reader, conversation.lastMessageAt);
  const messages = await markOthersMessagesRead(trx, conversationId, reader);
  const changed = Number(flag.numUpdatedRows) + Number(messages.numUpdatedRows) > 0;
  if (!changed) return false;
  if (conversation.type === 'direct' && conversation.status === 'accepted') await announceConversation(ctx, trx, conversationId);
  else await ctx.bus.record(trx, userTopic(reader), 'conversation.changed', { conversationId });
  return true;
}

/** Tells every participant's open tabs (the sender's too) that the conversation changed. */
export async function announceConversation(ctx: ServerContext, trx: Trx, conversationId: string): Promise<void> {
  for (const uid of await participantsOf(trx, conversationId)) {
    await ctx.bus.record(trx, userTopic(uid), 'conversation.changed', { conversationId });
  }
}

/** Deletes the conversation with its messages and participants, telling each participant. */
export async function deleteConversation(ctx: ServerContext, trx: Trx, conversationId: string): Promise<void> {
  await announceConversation(ctx, trx, conversationId);
  await deleteConversationRow(trx, conversationId);
}
