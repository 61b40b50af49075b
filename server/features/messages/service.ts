import {
  CONVERSATION_NOT_FOUND,
  type ConversationFolder,
  type ConversationListResponse,
  type ConversationResponse,
  type ConversationSummary,
  type MessagePage,
  type MessageResponse,
  type UnreadCountResponse,
} from '@common/messages/messages';
import type { ServerContext, SessionUser } from '../../context';
import { notFound } from '../../http/errors';
import { authorizeConversation } from '../../policy/messages';
import type { SignedInViewer } from '../../policy/viewer';
import { markRequestThreadRead, postInRequestThread } from '../feature-requests';
import { acceptConversation, replyDirect } from './direct';
import { conversationSummary, findConversation, findConversationView, findMessageRow, listConversations, listMessages, messageAs, unreadConversations, viewOf } from './queries';
import { markConversationRead } from './writes';

/** A folder of the viewer's conversations (blocked ones are left out of both). */
export function listFolder(ctx: ServerContext, viewer: SignedInViewer, folder: ConversationFolder, cursor: string | undefined): Promise<ConversationListResponse> {
  return listConversations(ctx.db, viewer, folder, cursor);
}

/** The conversation with its newest page of messages. Reading does not mark it read: the client says when it was seen. */
export async function readConversation(ctx: ServerContext, viewer: SignedInViewer, id: string): Promise<ConversationResponse> {
  const conversation = await findConversationView(ctx.db, id);
  authorizeConversation(viewer, 'read', conversation);
  const page = await listMessages(ctx.db, conversation, viewer, undefined, Date.now());
  return { conversation: await conversationSummary(ctx.db, viewer, conversation), ...page };
}

export async function readMessages(ctx: ServerContext, viewer: SignedInViewer, id: string, cursor: string | undefined): Promise<MessagePage> {
  const conversation = await findConversationView(ctx.db, id);
  authorizeConversation(viewer, 'read', conversation);
  return listMessages(ctx.db, conversation, viewer, cursor, Date.now());
}

/** Posts a message; what else it changes depends on the kind of conversation. */
export async function sendMessage(ctx: ServerContext, user: SessionUser, viewer: SignedInViewer, id: string, text: string): Promise<MessageResponse> {
  const peek = await findConversation(ctx.db, id);
  // A direct reply reads the conversation's facts again under its locks and is refused there,
  // as here: reading them first too would only repeat the statements.
  if (peek?.type === 'direct') return { message: await replyDirect(ctx, user, peek, text) };
  const conversation = await viewOf(ctx.db, peek);
  authorizeConversation(viewer, 'reply', conversation);
  // A feature request's thread, the only other kind.
  const messageId = await postInRequestThread(ctx, user, viewer, id, text);
  const view = await findConversationView(ctx.db, id);
  const row = view && (await findMessageRow(ctx.db, id, messageId));
  if (!view || !row) throw notFound(CONVERSATION_NOT_FOUND);
  return { message: messageAs(row, view, viewer, Date.now()) };
}

export async function unreadCount(ctx: ServerContext, viewer: SignedInViewer): Promise<UnreadCountResponse> {
  return { unread: await unreadConversations(ctx.db, viewer.uid) };
}

/** Marks the conversation read for the viewer; answers their new unread count. */
export async function markRead(ctx: ServerContext, viewer: SignedInViewer, id: string): Promise<UnreadCountResponse> {
  const conversation = await findConversationView(ctx.db, id);
  authorizeConversation(viewer, 'read', conversation);
  switch (conversation.type) {
    case 'feature_request':
      await markRequestThreadRead(ctx, viewer, conversation);
      break;
    case 'direct':
      await ctx.db.transaction().execute((trx) => markConversationRead(ctx, trx, id, viewer.uid));
      break;
  }
  return unreadCount(ctx, viewer);
}

/** POST /api/conversations/:id/accept: answers the conversation as it now is. */
export async function accept(ctx: ServerContext, viewer: SignedInViewer, id: string): Promise<{ conversation: ConversationSummary }> {
  const view = await acceptConversation(ctx, viewer, id);
  return { conversation: await conversationSummary(ctx.db, viewer, view) };
}
