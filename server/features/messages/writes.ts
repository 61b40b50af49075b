import { sql, type Kysely, type Transaction } from 'kysely';
import type { ConversationType } from '@common/messages/messages';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { toDbBool } from '../../db/bool';
import { userTopic } from '../../events/bus';
import { newId } from '../../shared/ids';

/*
 * The writes every kind of conversation shares. Callers run them inside their own
 * transaction, with the conversation locked (lockConversation), and call
 * `announceConversation` once at the end so each participant's open tabs refetch.
 */

type Trx = Transaction<Database>;

export interface NewConversation {
  type: ConversationType;
  featureRequestId: string | null;
  participants: readonly string[];
  at: string;
  /** A direct conversation: its pair key, who starts it, and whether it starts as a request. */
  direct?: { pairKey: string; createdBy: string; status: 'accepted' | 'request' };
}

/** Creates the conversation and its participants, all read; returns its id. */
export async function createConversation(trx: Trx, conversation: NewConversation): Promise<string> {
  const id = newId();
  await trx
    .insertInto('conversations')
    .values({
      id,
      type: conversation.type,
      featureRequestId: conversation.featureRequestId,
      lastMessage: null,
      lastMessageAt: null,
      created_at: conversation.at,
      ...(conversation.direct ?? {}),
    })
    .execute();
  const uids = [...new Set(conversation.participants)];
  await trx
    .insertInto('conversationParticipants')
    .values(uids.map((uid) => ({ conversationId: id, uid, unread: toDbBool(false) })))
    .execute();
  return id;
}

/** Adds someone to the conversation (nothing when they already take part). */
export async function addParticipant(trx: Trx, conversationId: string, uid: string): Promise<void> {
  await trx
    .insertInto('conversationParticipants')
    .values({ conversationId, uid, unread: toDbBool(false) })
    .onConflict((oc) => oc.columns(['conversationId', 'uid']).doNothing())
    .execute();
}

export interface NewMessage {
  from: string;
  fromType: 'admin' | 'user';
  text: string;
  /** When it was written; moved just past the previous message if that one is not older. */
  at: string;
  isFeatureRequest?: boolean;
  /** Whose unread flag the message sets; never the sender's. */
  unreadFor: readonly string[];
}

/**
 * One millisecond past `last` unless `at` is already later: with the conversation locked,
 * messages get strictly increasing times, so the thread reads in the order they were sent
 * even when two arrive within the same millisecond.
 */
export function nextMessageTime(at: string, last: string | null): string {
  if (last === null || at > last) return at;
  return new Date(Date.parse(last) + 1).toISOString();
}

/** Appends a message: stores it, makes it the conversation's last, and marks it unread for `unreadFor`. */
export async function appendMessage(trx: Trx, conversationId: string, message: NewMessage): Promise<{ id: string; created_at: string }> {
  const current = await trx.selectFrom('conversations').select('lastMessageAt').where('id', '=', conversationId).executeTakeFirstOrThrow();
  const id = newId();
  const created_at = nextMessageTime(message.at, current.lastMessageAt);
  await trx
    .insertInto('conversationMessages')
    .values({
      id,
      conversationId,
      from: message.from,
      fromType: message.fromType,
      text: message.text,
      created_at,
      read: toDbBool(false),
      isFeatureRequest: toDbBool(message.isFeatureRequest ?? false),
    })
    .execute();
  await trx.updateTable('conversations').set({ lastMessage: message.text, lastMessageAt: created_at }).where('id', '=', conversationId).execute();
  const unreadFor = message.unreadFor.filter((uid) => uid !== message.from);
  if (unreadFor.length > 0) {
    await trx
      .updateTable('conversationParticipants')
      .set({ unread: toDbBool(true) })
      .where('conversationId', '=', conversationId)
      .where('uid', 'in', unreadFor)
      .execute();
  }
  return { id, created_at };
}

/**
 * The reader has seen everything in it: their unread flag is cleared, the messages others
 * sent are marked read, and their read mark (lastReadAt, which "Seen" compares with) moves to
 * the last message. Returns whether anything changed; only then are tabs told (a repeat
 * writes nothing): in an accepted direct conversation every participant's, so the sender's
 * open thread shows "Seen"; otherwise only the reader's (a request is read unseen, and a
 * feature request's thread shows no "Seen").
 */
export async function markConversationRead(ctx: ServerContext, trx: Trx, conversationId: string, reader: string): Promise<boolean> {
  const conversation = await trx.selectFrom('conversations').select(['type', 'status', 'lastMessageAt']).where('id', '=', conversationId).executeTakeFirst();
  if (!conversation) return false;
  // One statement for the flag and the read mark, first (as every other write here takes
  // the participant row before message rows), so concurrent replies cannot deadlock with it.
  const lastMessageAt = conversation.lastMessageAt;
  const flag = await trx
    .updateTable('conversationParticipants')
    // The read mark only moves forward (a read that saw an older last message leaves a later mark).
    .set(
      lastMessageAt === null
        ? { unread: toDbBool(false) }
        : { unread: toDbBool(false), lastReadAt: sql<string>`case when "lastReadAt" is null or "lastReadAt" < ${lastMessageAt} then ${lastMessageAt} else "lastReadAt" end` },
    )
    .where('conversationId', '=', conversationId)
    .where('uid', '=', reader)
    .where((eb) =>
      lastMessageAt === null
        ? eb('unread', '=', toDbBool(true))
        : eb.or([eb('unread', '=', toDbBool(true)), eb('lastReadAt', 'is', null), eb('lastReadAt', '<', lastMessageAt)]),
    )
    .executeTakeFirst();
  const messages = await trx
    .updateTable('conversationMessages')
    .set({ read: toDbBool(true) })
    .where('conversationId', '=', conversationId)
    .where('from', '<>', reader)
    .where('read', '=', toDbBool(false))
    .executeTakeFirst();
  const changed = Number(flag.numUpdatedRows) + Number(messages.numUpdatedRows) > 0;
  if (!changed) return false;
  if (conversation.type === 'direct' && conversation.status === 'accepted') await announceConversation(ctx, trx, conversationId);
  else await ctx.bus.record(trx, userTopic(reader), 'conversation.changed', { conversationId });
  return true;
}

async function participantsOf(db: Kysely<Database>, conversationId: string): Promise<string[]> {
  const rows = await db.selectFrom('conversationParticipants').select('uid').where('conversationId', '=', conversationId).execute();
  return rows.map((r) => r.uid);
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
  await trx.deleteFrom('conversations').where('id', '=', conversationId).execute();
}
