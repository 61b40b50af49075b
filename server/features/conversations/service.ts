import { CONVERSATION_NOT_FOUND, type ConversationResponse, type MessagePage, type MessageResponse, type UnreadCountResponse } from '@common/conversations';
import type { UserRecord } from '@common/user';
import type { ServerContext } from '../../context';
import { notFound } from '../../http/errors';
import { authorizeConversation } from '../../policy/conversations';
import { viewerOf, type SignedInViewer } from '../../policy/viewer';
import { markRequestThreadRead, postInRequestThread } from '../feature-requests';
import { conversationSummary, findConversation, findMessage, listMessages, unreadConversations } from './queries';

/** The conversation with its newest page of messages. Reading does not mark it read: the client says when it was seen. */
export async function readConversation(ctx: ServerContext, viewer: SignedInViewer, id: string): Promise<ConversationResponse> {
  const conversation = await findConversation(ctx.db, id);
  authorizeConversation(viewer, 'read', conversation);
  const page = await listMessages(ctx.db, id, viewer, undefined);
  return { conversation: await conversationSummary(ctx.db, viewer, conversation), ...page };
}

export async function readMessages(ctx: ServerContext, viewer: SignedInViewer, id: string, cursor: string | undefined): Promise<MessagePage> {
  const conversation = await findConversation(ctx.db, id);
  authorizeConversation(viewer, 'read', conversation);
  return listMessages(ctx.db, id, viewer, cursor);
}

/** Posts a message; what else it changes depends on the kind of conversation. */
export async function sendMessage(ctx: ServerContext, user: UserRecord, id: string, text: string): Promise<MessageResponse> {
  const viewer = viewerOf(user);
  const conversation = await findConversation(ctx.db, id);
  authorizeConversation(viewer, 'reply', conversation);
  let messageId: string;
  switch (conversation.type) {
    case 'feature_request':
      messageId = await postInRequestThread(ctx, user, id, text);
      break;
  }
  const message = await findMessage(ctx.db, messageId, viewer);
  if (!message) throw notFound(CONVERSATION_NOT_FOUND);
  return { message };
}

export async function unreadCount(ctx: ServerContext, viewer: SignedInViewer): Promise<UnreadCountResponse> {
  return { unread: await unreadConversations(ctx.db, viewer.uid) };
}

/** Marks the conversation read for the viewer; answers their new unread count. */
export async function markRead(ctx: ServerContext, viewer: SignedInViewer, id: string): Promise<UnreadCountResponse> {
  const conversation = await findConversation(ctx.db, id);
  authorizeConversation(viewer, 'read', conversation);
  switch (conversation.type) {
    case 'feature_request':
      await markRequestThreadRead(ctx, viewer, conversation);
      break;
  }
  return unreadCount(ctx, viewer);
}
