import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  CONVERSATION_PAGE_SIZE,
  CONVERSATION_TYPES,
  MESSAGE_FROM_TYPES,
  MESSAGE_PAGE_SIZE,
  featureRequestTitle,
  type ConversationListResponse,
  type ConversationMember,
  type ConversationMessage,
  type ConversationSummary,
  type ConversationType,
  type MessagePage,
} from '@common/conversations';
import { DEFAULT_PROFILE_ICON, isProfileIcon } from '@common/profile-icons';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/types';
import { fromDbBool } from '../../db/bool';
import { conversationPolicy } from '../../policy/conversations';
import type { SignedInViewer } from '../../policy/viewer';
import { authorName } from '../../shared/author';
import { cursorField, decodeCursor, encodeCursor, pageOf } from '../../shared/cursor';

type Db = Kysely<Database>;

/** A conversation as the rules and the writers see it: the row and who takes part, with their unread state. */
export interface ConversationRecord {
  id: string;
  type: ConversationType;
  featureRequestId: string | null;
  lastMessage: string | null;
  lastMessageAt: string | null;
  created_at: string;
  participants: string[];
  /** The participants whose unread flag is set (the spec's unreadFor). */
  unreadFor: string[];
}

function asConversationType(value: string): ConversationType {
  const type = CONVERSATION_TYPES.find((t) => t === value);
  // Only this server writes the column: anything else is a bug to hear about, not to hide.
  if (!type) throw new Error(`unknown conversation type ${value}`);
  return type;
}

type ConversationRow = Omit<ConversationRecord, 'participants' | 'unreadFor' | 'type'> & { type: string };

/** The rows with their participants, read in one query. */
async function withParticipants(db: Db, rows: ConversationRow[]): Promise<ConversationRecord[]> {
  if (rows.length === 0) return [];
  const people = await db
    .selectFrom('conversationParticipants')
    .select(['conversationId', 'uid', 'unread'])
    .where('conversationId', 'in', rows.map((r) => r.id))
    .orderBy('uid')
    .execute();
  return rows.map((row) => {
    const mine = people.filter((p) => p.conversationId === row.id);
    return {
      ...row,
      type: asConversationType(row.type),
      participants: mine.map((p) => p.uid),
      unreadFor: mine.filter((p) => fromDbBool(p.unread)).map((p) => p.uid),
    };
  });
}

async function recordOf(db: Db, row: ConversationRow | undefined): Promise<ConversationRecord | null> {
  if (!row) return null;
  const [record] = await withParticipants(db, [row]);
  return record ?? null;
}

const CONVERSATION_COLUMNS = ['id', 'type', 'featureRequestId', 'lastMessage', 'lastMessageAt', 'created_at'] as const;

export async function findConversation(db: Db, id: string): Promise<ConversationRecord | null> {
  return recordOf(db, await db.selectFrom('conversations').select(CONVERSATION_COLUMNS).where('id', '=', id).executeTakeFirst());
}

/**
 * Reads the conversation for a write in `trx`, holding its row until commit (PostgreSQL;
 * SQLite's write transactions run one at a time), so its messages are appended one by one.
 * Lock the feature request first when there is one (see feature-requests/thread.ts).
 */
export async function lockConversation(trx: Db, dialect: Dialect, id: string): Promise<ConversationRecord | null> {
  const row = await trx
    .selectFrom('conversations')
    .select(CONVERSATION_COLUMNS)
    .where('id', '=', id)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  return recordOf(trx, row);
}

/** The feature request's thread, locked as above; null when nobody has answered it yet. */
export async function lockRequestConversation(trx: Db, dialect: Dialect, featureRequestId: string): Promise<ConversationRecord | null> {
  const row = await trx
    .selectFrom('conversations')
    .select(CONVERSATION_COLUMNS)
    .where('featureRequestId', '=', featureRequestId)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  return recordOf(trx, row);
}

/** Participants with what others see of them: name and avatar, never the email. */
async function membersOf(db: Db, conversationIds: string[]): Promise<Map<string, ConversationMember[]>> {
  const byConversation = new Map<string, ConversationMember[]>();
  if (conversationIds.length === 0) return byConversation;
  const rows = await db
    .selectFrom('conversationParticipants as p')
    .innerJoin('users as u', 'u.uid', 'p.uid')
    .select(['p.conversationId', 'u.uid', 'u.displayName', 'u.name', 'u.profileIcon', 'u.profileImage'])
    .where('p.conversationId', 'in', conversationIds)
    .orderBy('u.uid')
    .execute();
  for (const row of rows) {
    const members = byConversation.get(row.conversationId) ?? [];
    members.push({
      uid: row.uid,
      displayName: authorName(row),
      profileIcon: isProfileIcon(row.profileIcon) ? row.profileIcon : DEFAULT_PROFILE_ICON,
      profileImage: row.profileImage,
    });
    byConversation.set(row.conversationId, members);
  }
  return byConversation;
}

async function requestTexts(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('featureRequests').select(['id', 'text']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.text]));
}

/** Conversations as the viewer's list shows them, in the order given. */
async function summaries(db: Db, viewer: SignedInViewer, conversations: ConversationRecord[]): Promise<ConversationSummary[]> {
  const members = await membersOf(db, conversations.map((c) => c.id));
  const texts = await requestTexts(db, conversations.flatMap((c) => (c.featureRequestId ? [c.featureRequestId] : [])));
  return conversations.map((c) => ({
    id: c.id,
    type: c.type,
    featureRequestId: c.featureRequestId,
    title: featureRequestTitle(c.featureRequestId ? (texts.get(c.featureRequestId) ?? null) : null),
    members: (members.get(c.id) ?? []).filter((m) => m.uid !== viewer.uid),
    lastMessage: c.lastMessage,
    lastMessageAt: c.lastMessageAt,
    unread: c.unreadFor.includes(viewer.uid),
    created_at: c.created_at,
    permissions: conversationPolicy.permissions(viewer, c),
  }));
}

export async function conversationSummary(db: Db, viewer: SignedInViewer, conversation: ConversationRecord): Promise<ConversationSummary> {
  const [summary] = await summaries(db, viewer, [conversation]);
  return summary!;
}

const listCursor = z.object({ k: z.literal('conversations'), t: cursorField.time, i: cursorField.id });

/** The viewer's conversations, latest activity first (a conversation with no message yet by its creation). */
export async function listConversations(db: Db, viewer: SignedInViewer, cursor: string | undefined): Promise<ConversationListResponse> {
  const after = decodeCursor(listCursor, cursor);
  const rows = await db
    .selectFrom('conversationParticipants as p')
    .innerJoin('conversations as c', 'c.id', 'p.conversationId')
    .select(['c.id', 'c.type', 'c.featureRequestId', 'c.lastMessage', 'c.lastMessageAt', 'c.created_at'])
    .select((eb) => eb.fn.coalesce('c.lastMessageAt', 'c.created_at').as('activity'))
    .where('p.uid', '=', viewer.uid)
    .$if(after !== null, (q) =>
      q.where((eb) => {
        const activity = eb.fn.coalesce('c.lastMessageAt', 'c.created_at');
        return eb.or([eb(activity, '<', after!.t), eb.and([eb(activity, '=', after!.t), eb('c.id', '<', after!.i)])]);
      }),
    )
    .orderBy('activity', 'desc')
    .orderBy('c.id', 'desc')
    .limit(CONVERSATION_PAGE_SIZE + 1)
    .execute();
  const { items, nextCursor } = pageOf(rows, CONVERSATION_PAGE_SIZE, (last) => encodeCursor({ k: 'conversations', t: last.activity, i: last.id }));
  const records = await withParticipants(db, items.map(({ activity: _activity, ...row }) => row));
  return { conversations: await summaries(db, viewer, records), nextCursor };
}

/** Conversations with a message the viewer has not read: the Messages link's badge. */
export async function unreadConversations(db: Db, uid: string): Promise<number> {
  const row = await db
    .selectFrom('conversationParticipants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('uid', '=', uid)
    .where('unread', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const messageCursor = z.object({ k: z.literal('messages'), c: cursorField.time, i: cursorField.id });

function messagesOf(db: Db) {
  return db
    .selectFrom('conversationMessages')
    .select(['id', 'conversationId', 'from', 'fromType', 'text', 'created_at', 'read', 'isFeatureRequest']);
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof messagesOf>['executeTakeFirstOrThrow']>>;

function toMessage(row: MessageRow, viewer: SignedInViewer): ConversationMessage {
  const fromType = MESSAGE_FROM_TYPES.find((t) => t === row.fromType);
  if (!fromType) throw new Error(`unknown message fromType ${row.fromType}`);
  return {
    id: row.id,
    conversationId: row.conversationId,
    from: row.from,
    fromType,
    text: row.text,
    created_at: row.created_at,
    read: fromDbBool(row.read),
    isFeatureRequest: fromDbBool(row.isFeatureRequest),
    mine: row.from === viewer.uid,
  };
}

/**
 * One page of a conversation's messages: the newest page first (no cursor), then older ones
 * before the cursor; each page reads oldest first, as a thread does.
 */
export async function listMessages(db: Db, conversationId: string, viewer: SignedInViewer, cursor: string | undefined): Promise<MessagePage> {
  const before = decodeCursor(messageCursor, cursor);
  let q = messagesOf(db).where('conversationId', '=', conversationId);
  if (before) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('created_at', 'id'), '<', tuple(before.c, before.i)));
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(MESSAGE_PAGE_SIZE + 1).execute();
  const { items, nextCursor } = pageOf(rows, MESSAGE_PAGE_SIZE, (oldest) => encodeCursor({ k: 'messages', c: oldest.created_at, i: oldest.id }));
  return { messages: items.reverse().map((row) => toMessage(row, viewer)), nextCursor };
}

export async function findMessage(db: Db, id: string, viewer: SignedInViewer): Promise<ConversationMessage | null> {
  const row = await messagesOf(db).where('id', '=', id).executeTakeFirst();
  return row ? toMessage(row, viewer) : null;
}
