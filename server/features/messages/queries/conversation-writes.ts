import { sql, type Kysely } from 'kysely';
import type { ConversationType } from '@common/messages/messages';
import type { Database } from '../../../db/types';
import { toDbBool } from '../../../db/bool';
import { newId } from '../../../shared/ids';

/*
 * The rows every kind of conversation shares. Callers run these inside their own
 * transaction, with the conversation locked (lockConversation), and call
 * `announceConversation` (writes.ts) once at the end so each participant's open tabs refetch.
 */

type Db = Kysely<Database>;

export interface NewConversation {
  type: ConversationType;
  featureRequestId: string | null;
  participants: readonly string[];
  at: string;
  /** A direct conversation: its pair key, who starts it, and whether it starts as a request. */
  direct?: { pairKey: string; createdBy: string; status: 'accepted' | 'request' };
}

/** Creates the conversation and its participants, all read; returns its id. */
export async function createConversation(trx: Db, conversation: NewConversation): Promise<string> {
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
export async function addParticipant(trx: Db, conversationId: string, uid: string): Promise<void> {
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
export async function appendMessage(trx: Db, conversationId: string, message: NewMessage): Promise<{ id: string; created_at: string }> {
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

/** The conversation's kind, status and last message time, as marking it read needs them. */
export function readStateOf(db: Db, conversationId: string) {
  return db.selectFrom('conversations').select(['type', 'status', 'lastMessageAt']).where('id', '=', conversationId).executeTakeFirst();
}

/**
 * Clears the reader's unread flag and moves their read mark (lastReadAt) to `lastMessageAt`,
 * in one statement; the mark only moves forward (a read that saw an older last message leaves
 * a later mark). numUpdatedRows says whether anything changed.
 */
export function clearUnread(db: Db, conversationId: string, reader: string, lastMessageAt: string | null) {
  return db
    .updateTable('conversationParticipants')
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
}

/** The messages others sent in the conversation are read by `reader`; numUpdatedRows counts them. */
export function markOthersMessagesRead(db: Db, conversationId: string, reader: string) {
  return db
    .updateTable('conversationMessages')
    .set({ read: toDbBool(true) })
    .where('conversationId', '=', conversationId)
    .where('from', '<>', reader)
    .where('read', '=', toDbBool(false))
    .executeTakeFirst();
}

export async function participantsOf(db: Db, conversationId: string): Promise<string[]> {
  const rows = await db.selectFrom('conversationParticipants').select('uid').where('conversationId', '=', conversationId).execute();
  return rows.map((r) => r.uid);
}

/** Deletes the conversation; its messages and participants go with it. */
export async function deleteConversationRow(db: Db, conversationId: string): Promise<void> {
  await db.deleteFrom('conversations').where('id', '=', conversationId).execute();
}
