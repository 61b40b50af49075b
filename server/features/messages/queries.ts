import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { z } from 'zod';
import {
  CONVERSATION_PAGE_SIZE,
  CONVERSATION_TYPES,
  MESSAGE_FROM_TYPES,
  MESSAGE_PAGE_SIZE,
  featureRequestTitle,
  type ConversationFolder,
  type ConversationListResponse,
  type ConversationMember,
  type ConversationMessage,
  type ConversationSummary,
  type ConversationType,
  type MessagePage,
} from '@common/messages/messages';
import { DEFAULT_PROFILE_ICON, isProfileIcon } from '@common/profile/icons';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/types';
import { fromDbBool, toDbBool } from '../../db/bool';
import { conversationPolicy, messagePolicy } from '../../policy/messages';
import { HIDING_COLUMNS, accountHidden } from '../../policy/profiles';
import { blockedEitherWay } from '../../policy/relations';
import type { SignedInViewer } from '../../policy/viewer';
import { authorName } from '../../shared/author';
import { cursorField, decodeCursor, encodeCursor, pageOf } from '../../shared/cursor';
import { forUpdate } from '../../db/locks';

type Db = Kysely<Database>;

/** A conversation as the rules and the writers see it: the row and who takes part, with their unread and read state. */
export interface ConversationRecord {
  id: string;
  type: ConversationType;
  featureRequestId: string | null;
  lastMessage: string | null;
  lastMessageAt: string | null;
  created_at: string;
  /** A direct conversation's pair (directPairKey); null for a feature request's thread. */
  pairKey: string | null;
  /** 'accepted', or a direct conversation's 'request' / 'declined'. */
  status: string;
  /** Who started a direct conversation. */
  createdBy: string | null;
  participants: string[];
  /** The participants whose unread flag is set (the spec's unreadFor). */
  unreadFor: string[];
  /** When each participant last read it (null: never). */
  lastReadAt: Record<string, string | null>;
}

/** A participant's messaging switches, which decide "Seen" and "typing…". */
export interface MessagingSwitches {
  readReceipts: boolean;
  typingIndicator: boolean;
}

/**
 * The record with the facts the rules need: a block between a direct conversation's writers,
 * their switches, and which of them are away (account hidden: suspended, deactivated or deleted).
 */
export interface ConversationView extends ConversationRecord {
  blocked: boolean;
  switches: Map<string, MessagingSwitches>;
  away: Map<string, string>;
}

function asConversationType(value: string): ConversationType {
  const type = CONVERSATION_TYPES.find((t) => t === value);
  // Only this server writes the column: anything else is a bug to hear about, not to hide.
  if (!type) throw new Error(`unknown conversation type ${value}`);
  return type;
}

type ConversationRow = Omit<ConversationRecord, 'participants' | 'unreadFor' | 'lastReadAt' | 'type'> & { type: string };

/** The rows with their participants, read in one query. */
async function withParticipants(db: Db, rows: ConversationRow[]): Promise<ConversationRecord[]> {
  if (rows.length === 0) return [];
  const people = await db
    .selectFrom('conversationParticipants')
    .select(['conversationId', 'uid', 'unread', 'lastReadAt'])
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
      lastReadAt: Object.fromEntries(mine.map((p) => [p.uid, p.lastReadAt])),
    };
  });
}

async function recordOf(db: Db, row: ConversationRow | undefined): Promise<ConversationRecord | null> {
  if (!row) return null;
  const [record] = await withParticipants(db, [row]);
  return record ?? null;
}

const CONVERSATION_COLUMNS = ['id', 'type', 'featureRequestId', 'lastMessage', 'lastMessageAt', 'created_at', 'pairKey', 'status', 'createdBy'] as const;

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
    .$call(forUpdate(dialect))
    .executeTakeFirst();
  return recordOf(trx, row);
}

/** The feature request's thread, locked as above; null when nobody has answered it yet. */
export async function lockRequestConversation(trx: Db, dialect: Dialect, featureRequestId: string): Promise<ConversationRecord | null> {
  const row = await trx
    .selectFrom('conversations')
    .select(CONVERSATION_COLUMNS)
    .where('featureRequestId', '=', featureRequestId)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
  return recordOf(trx, row);
}

/** Two writers' direct conversation, locked as above (callers hold both users' rows first); null when they have none. */
export async function lockDirectConversation(trx: Db, dialect: Dialect, pairKey: string): Promise<ConversationRecord | null> {
  const row = await trx
    .selectFrom('conversations')
    .select(CONVERSATION_COLUMNS)
    .where('pairKey', '=', pairKey)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
  return recordOf(trx, row);
}

export async function findDirectConversation(db: Db, pairKey: string): Promise<ConversationRecord | null> {
  return recordOf(db, await db.selectFrom('conversations').select(CONVERSATION_COLUMNS).where('pairKey', '=', pairKey).executeTakeFirst());
}

/** What the rules read from direct conversations' writers' users rows: their switches, and who is away (by name). */
async function writerFacts(db: Db, uids: readonly string[]): Promise<Pick<ConversationView, 'switches' | 'away'>> {
  if (uids.length === 0) return { switches: new Map(), away: new Map() };
  const rows = await db
    .selectFrom('users')
    .select(['uid', 'name', 'displayName', 'readReceipts', 'typingIndicator', ...HIDING_COLUMNS])
    .where('uid', 'in', [...uids])
    .execute();
  return {
    switches: new Map(rows.map((r) => [r.uid, { readReceipts: fromDbBool(r.readReceipts), typingIndicator: fromDbBool(r.typingIndicator) }])),
    away: new Map(rows.filter(accountHidden).map((r) => [r.uid, authorName(r)])),
  };
}

const NO_WRITER_FACTS = () => ({ switches: new Map<string, MessagingSwitches>(), away: new Map<string, string>() });

/** Adds the facts the rules need (blocks and the rest are only about a direct conversation's two writers). */
export async function viewOf(db: Db, record: ConversationRecord | null): Promise<ConversationView | null> {
  if (!record) return null;
  const [a, b] = record.participants;
  const blocked = record.type === 'direct' && a !== undefined && b !== undefined ? await blockedEitherWay(db, a, b) : false;
  const facts = record.type === 'direct' ? await writerFacts(db, record.participants) : NO_WRITER_FACTS();
  return { ...record, blocked, ...facts };
}

export async function findConversationView(db: Db, id: string): Promise<ConversationView | null> {
  return viewOf(db, await findConversation(db, id));
}

/** The other writer of a direct conversation. */
export function otherParticipant(conversation: ConversationRecord, uid: string): string | null {
  return conversation.participants.find((p) => p !== uid) ?? null;
}

/** Both writers have the switch on (a direct conversation only). */
function bothOn(view: ConversationView, switch_: keyof MessagingSwitches): boolean {
  if (view.type !== 'direct' || view.participants.length !== 2) return false;
  return view.participants.every((uid) => view.switches.get(uid)?.[switch_] === true);
}

/** Whether the writers see each other typing. */
export function typingShown(view: ConversationView): boolean {
  return bothOn(view, 'typingIndicator') && view.status === 'accepted' && !view.blocked;
}

/**
 * Up to when the viewer's own messages read "Seen": the other writer's last read, when both
 * have read receipts on and the conversation is accepted (a request's recipient reads it
 * unseen: they are told the sender won't know unless they accept).
 */
export function seenUntil(view: ConversationView, viewerUid: string): string | null {
  if (!bothOn(view, 'readReceipts') || view.status !== 'accepted') return null;
  const other = otherParticipant(view, viewerUid);
  return other ? (view.lastReadAt[other] ?? null) : null;
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
async function summaries(db: Db, viewer: SignedInViewer, conversations: ConversationView[]): Promise<ConversationSummary[]> {
  const members = await membersOf(db, conversations.map((c) => c.id));
  const texts = await requestTexts(db, conversations.flatMap((c) => (c.featureRequestId ? [c.featureRequestId] : [])));
  return conversations.map((c) => {
    const others = (members.get(c.id) ?? []).filter((m) => m.uid !== viewer.uid);
    return {
      id: c.id,
      type: c.type,
      featureRequestId: c.featureRequestId,
      title:
        c.type === 'direct'
          ? others.map((m) => m.displayName).join(', ') || 'Conversation'
          : featureRequestTitle(c.featureRequestId ? (texts.get(c.featureRequestId) ?? null) : null),
      members: others,
      lastMessage: c.lastMessage,
      lastMessageAt: c.lastMessageAt,
      unread: c.unreadFor.includes(viewer.uid),
      created_at: c.created_at,
      state: conversationPolicy.state(viewer, c),
      typingIndicator: typingShown(c),
      permissions: conversationPolicy.permissions(viewer, c),
    };
  });
}

export async function conversationSummary(db: Db, viewer: SignedInViewer, conversation: ConversationView): Promise<ConversationSummary> {
  const [summary] = await summaries(db, viewer, [conversation]);
  return summary!;
}

/** SQL: the conversation in column c.id is not a direct one with a block either way between the viewer and its other writer. */
function noBlockIn(viewerUid: string): Expression<SqlBool> {
  return sql<SqlBool>`("c"."type" <> 'direct' or not exists (
    select 1 from "conversationParticipants" as "op" inner join "blocks" as "bl"
      on ("bl"."blockerUid" = ${viewerUid} and "bl"."blockedUid" = "op"."uid") or ("bl"."blockerUid" = "op"."uid" and "bl"."blockedUid" = ${viewerUid})
    where "op"."conversationId" = "c"."id" and "op"."uid" <> ${viewerUid}))`;
}

/** SQL: the conversation belongs in the viewer's folder. Inbox: accepted ones and the viewer's own pending requests; requests: those sent to them (not declined). */
function inFolder(viewerUid: string, folder: ConversationFolder): Expression<SqlBool> {
  if (folder === 'requests') {
    return sql<SqlBool>`("c"."type" = 'direct' and "c"."status" = 'request' and "c"."createdBy" <> ${viewerUid})`;
  }
  return sql<SqlBool>`("c"."type" <> 'direct' or "c"."status" = 'accepted' or "c"."createdBy" = ${viewerUid})`;
}

/** SQL: unread in this conversation raises the badge: not while it is a request. */
const countsUnread = sql<SqlBool>`("c"."type" <> 'direct' or "c"."status" = 'accepted')`;

/** A list cursor belongs to one folder: one from the other is refused as a changed list. */
const listCursor = (folder: ConversationFolder) => z.object({ k: z.literal('conversations'), f: z.literal(folder), t: cursorField.time, i: cursorField.id });

/** The viewer's conversations in a folder, latest activity first (a conversation with no message yet by its creation). */
export async function listConversations(db: Db, viewer: SignedInViewer, folder: ConversationFolder, cursor: string | undefined): Promise<ConversationListResponse> {
  const after = decodeCursor(listCursor(folder), cursor);
  const rows = await db
    .selectFrom('conversationParticipants as p')
    .innerJoin('conversations as c', 'c.id', 'p.conversationId')
    .select(['c.id', 'c.type', 'c.featureRequestId', 'c.lastMessage', 'c.lastMessageAt', 'c.created_at', 'c.pairKey', 'c.status', 'c.createdBy'])
    .select((eb) => eb.fn.coalesce('c.lastMessageAt', 'c.created_at').as('activity'))
    .where('p.uid', '=', viewer.uid)
    .where(inFolder(viewer.uid, folder))
    .where(noBlockIn(viewer.uid))
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
  const { items, nextCursor } = pageOf(rows, CONVERSATION_PAGE_SIZE, (last) => encodeCursor({ k: 'conversations', f: folder, t: last.activity, i: last.id }));
  const records = await withParticipants(db, items.map(({ activity: _activity, ...row }) => row));
  const facts = await writerFacts(db, [...new Set(records.filter((r) => r.type === 'direct').flatMap((r) => r.participants))]);
  // The query left out every conversation with a block, so none listed has one.
  const views = records.map((r) => ({ ...r, blocked: false, ...(r.type === 'direct' ? facts : NO_WRITER_FACTS()) }));
  return { conversations: await summaries(db, viewer, views), nextCursor };
}

/** Inbox conversations with a message the viewer has not read: the Messages link's badge (requests and blocked ones never count). */
export async function unreadConversations(db: Db, uid: string): Promise<number> {
  const row = await db
    .selectFrom('conversationParticipants as p')
    .innerJoin('conversations as c', 'c.id', 'p.conversationId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('p.uid', '=', uid)
    .where('p.unread', '=', 1)
    .where(countsUnread)
    .where(noBlockIn(uid))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const messageCursor = z.object({ k: z.literal('messages'), c: cursorField.time, i: cursorField.id });

function messagesOf(db: Db) {
  return db
    .selectFrom('conversationMessages')
    .select(['id', 'conversationId', 'from', 'fromType', 'text', 'created_at', 'read', 'isFeatureRequest', 'editedAt', 'deletedAt']);
}

export type MessageRow = Awaited<ReturnType<ReturnType<typeof messagesOf>['executeTakeFirstOrThrow']>>;

/** A message as one participant sees it, as of `now` (its permissions depend on the time). */
export function messageAs(row: MessageRow, view: ConversationView, viewer: SignedInViewer, now: number): ConversationMessage {
  const fromType = MESSAGE_FROM_TYPES.find((t) => t === row.fromType);
  if (!fromType) throw new Error(`unknown message fromType ${row.fromType}`);
  const deleted = row.deletedAt !== null;
  const mine = row.from === viewer.uid;
  const seenAt = mine ? seenUntil(view, viewer.uid) : null;
  return {
    id: row.id,
    conversationId: row.conversationId,
    from: row.from,
    fromType,
    text: deleted ? '' : row.text,
    created_at: row.created_at,
    read: fromDbBool(row.read),
    isFeatureRequest: fromDbBool(row.isFeatureRequest),
    mine,
    editedAt: row.editedAt,
    deleted,
    seen: seenAt !== null && seenAt >= row.created_at,
    permissions: messagePolicy.permissions(viewer, view, { from: row.from, created_at: row.created_at, deleted }, now),
  };
}

/** SQL-side: the viewer has not deleted the message for themself. */
function notHiddenFrom(viewerUid: string): Expression<SqlBool> {
  return sql<SqlBool>`not exists (select 1 from "conversationMessageHides" as "h" where "h"."messageId" = "conversationMessages"."id" and "h"."uid" = ${viewerUid})`;
}

/**
 * One page of a conversation's messages: the newest page first (no cursor), then older ones
 * before the cursor; each page reads oldest first, as a thread does. Messages the viewer
 * deleted for themself are left out.
 */
export async function listMessages(db: Db, view: ConversationView, viewer: SignedInViewer, cursor: string | undefined, now: number): Promise<MessagePage> {
  const before = decodeCursor(messageCursor, cursor);
  let q = messagesOf(db).where('conversationId', '=', view.id).where(notHiddenFrom(viewer.uid));
  if (before) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('created_at', 'id'), '<', tuple(before.c, before.i)));
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(MESSAGE_PAGE_SIZE + 1).execute();
  const { items, nextCursor } = pageOf(rows, MESSAGE_PAGE_SIZE, (oldest) => encodeCursor({ k: 'messages', c: oldest.created_at, i: oldest.id }));
  return { messages: items.reverse().map((row) => messageAs(row, view, viewer, now)), nextCursor };
}

/** The stored message in this conversation (whoever hid it), or null. */
export async function findMessageRow(db: Db, conversationId: string, id: string): Promise<MessageRow | null> {
  return (await messagesOf(db).where('id', '=', id).where('conversationId', '=', conversationId).executeTakeFirst()) ?? null;
}

/** Whether the viewer deleted the message for themself. */
export async function hiddenFrom(db: Db, messageId: string, uid: string): Promise<boolean> {
  const row = await db.selectFrom('conversationMessageHides').select('uid').where('messageId', '=', messageId).where('uid', '=', uid).executeTakeFirst();
  return row !== undefined;
}

/** The reader's messaging settings, as stored. */
export function messagingSettingsOf(db: Db, uid: string) {
  return db.selectFrom('users').select(['whoCanMessage', 'readReceipts', 'typingIndicator']).where('uid', '=', uid).executeTakeFirst();
}

/** Writes the settings given (those left out keep their value). */
export async function setMessagingSettings(db: Db, uid: string, update: { whoCanMessage?: string; readReceipts?: boolean; typingIndicator?: boolean }): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(update.whoCanMessage !== undefined ? { whoCanMessage: update.whoCanMessage } : {}),
      ...(update.readReceipts !== undefined ? { readReceipts: toDbBool(update.readReceipts) } : {}),
      ...(update.typingIndicator !== undefined ? { typingIndicator: toDbBool(update.typingIndicator) } : {}),
    })
    .where('uid', '=', uid)
    .execute();
}

/** The conversation list's preview of the last message. */
export async function setLastMessagePreview(db: Db, conversationId: string, preview: string): Promise<void> {
  await db.updateTable('conversations').set({ lastMessage: preview }).where('id', '=', conversationId).execute();
}

/** An edit of the message. */
export async function setMessageText(db: Db, messageId: string, text: string, editedAt: string): Promise<void> {
  await db.updateTable('conversationMessages').set({ text, editedAt }).where('id', '=', messageId).execute();
}

/** The message is deleted for everyone: its text goes, the row stays (the thread shows where it was). */
export async function blankDeletedMessage(db: Db, messageId: string, deletedAt: string): Promise<void> {
  await db.updateTable('conversationMessages').set({ text: '', deletedAt }).where('id', '=', messageId).execute();
}

/** Deleted for `uid` only (hidden already: nothing changes). */
export async function hideMessageFor(db: Db, messageId: string, uid: string): Promise<void> {
  await db
    .insertInto('conversationMessageHides')
    .values({ messageId, uid })
    .onConflict((oc) => oc.columns(['messageId', 'uid']).doNothing())
    .execute();
}

/** When the writer's account was limited (null: it is not). */
export function limitedAtOf(db: Db, uid: string) {
  return db.selectFrom('users').select('limitedAt').where('uid', '=', uid).executeTakeFirst();
}

/** The follow of `followee` by `follower`, if there is one. */
export function followRow(db: Db, follower: string, followee: string) {
  return db.selectFrom('follows').select('followerUid').where('followerUid', '=', follower).where('followeeUid', '=', followee).executeTakeFirst();
}

/** A direct conversation's request is accepted or declined. */
export async function setConversationStatus(db: Db, conversationId: string, status: 'accepted' | 'declined'): Promise<void> {
  await db.updateTable('conversations').set({ status }).where('id', '=', conversationId).execute();
}

/** The writers' rows as the messaging rules read them, in uid order (`sorted`); with `lock` (the dialect), held until commit (PostgreSQL). */
export function messagingUserRows(db: Db, sorted: readonly string[], lock: Dialect | null) {
  return db
    .selectFrom('users')
    .select(['uid', 'name', 'displayName', 'created_at', 'whoCanMessage', ...HIDING_COLUMNS])
    .where('uid', 'in', sorted)
    .orderBy('uid')
    .$call(forUpdate(lock))
    .execute();
}

/** How many conversations the writer started after `since`. */
export async function countConversationsStartedSince(db: Db, uid: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('conversations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('createdBy', '=', uid)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What the sender wrote after `since` in direct conversations, and to whom, but to `recipient`. */
export function directTextsSentSince(db: Db, sender: string, recipient: string, since: string) {
  return db
    .selectFrom('conversationMessages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversationId')
    .innerJoin('conversationParticipants as p', 'p.conversationId', 'c.id')
    .select(['m.text', 'p.uid'])
    .where('m.from', '=', sender)
    .where('m.created_at', '>', since)
    .where('c.type', '=', 'direct')
    .where('p.uid', '<>', sender)
    .where('p.uid', '<>', recipient)
    .execute();
}
