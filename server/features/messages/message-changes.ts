import type { Transaction } from 'kysely';
import { MESSAGE_TEXTS, type ConversationMessage } from '@common/messages/messages';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { userTopic } from '../../events/bus';
import { notFound } from '../../http/errors';
import { MESSAGE_NOT_FOUND, authorizeMessage, type MessageAction } from '../../policy/messages';
import type { SignedInViewer } from '../../policy/viewer';
import {
  blankDeletedMessage,
  findMessageRow,
  hideMessageFor,
  lockConversation,
  messageAs,
  setLastMessagePreview,
  setMessageText,
  viewOf,
  type ConversationView,
  type MessageRow,
} from './queries';
import { announceConversation } from './writes';

/*
 * Editing and deleting messages: edit or delete for everyone, one's own message in
 * a direct conversation within 10 minutes; delete for me, any message one can read (also in
 * a feature request's thread, whose messages are otherwise kept as said: they are the
 * request's responses too). Each runs with the conversation locked, so an edit and a new
 * message cannot disagree about which one is the last.
 */

type Trx = Transaction<Database>;

interface Target {
  view: ConversationView;
  row: MessageRow;
}

async function lockTarget(ctx: ServerContext, trx: Trx, viewer: SignedInViewer, action: MessageAction, conversationId: string, messageId: string, now: Date): Promise<Target> {
  const view = await viewOf(trx, await lockConversation(trx, ctx.dialect, conversationId));
  const row = await findMessageRow(trx, conversationId, messageId);
  authorizeMessage(viewer, action, view, row && { from: row.from, created_at: row.created_at, deleted: row.deletedAt !== null }, now.getTime());
  // authorizeMessage answered 404 for a missing conversation or message: both exist here.
  if (!view || !row) throw notFound(MESSAGE_NOT_FOUND);
  return { view, row };
}

/** When the changed message is the conversation's last, the list's preview follows it. */
async function updatePreview(trx: Trx, view: ConversationView, row: MessageRow, preview: string): Promise<void> {
  if (view.lastMessageAt !== row.created_at) return;
  await setLastMessagePreview(trx, view.id, preview);
}

/** PATCH /api/conversations/:id/messages/:messageId {text}. */
export async function editMessage(ctx: ServerContext, viewer: SignedInViewer, conversationId: string, messageId: string, text: string): Promise<ConversationMessage> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = new Date();
    const { view, row } = await lockTarget(ctx, trx, viewer, 'edit', conversationId, messageId, now);
    const editedAt = now.toISOString();
    await setMessageText(trx, messageId, text, editedAt);
    await updatePreview(trx, view, row, text);
    await announceConversation(ctx, trx, conversationId);
    return messageAs({ ...row, text, editedAt }, view, viewer, now.getTime());
  });
}

/** DELETE /api/conversations/:id/messages/:messageId?for=everyone|me. */
export async function deleteMessage(ctx: ServerContext, viewer: SignedInViewer, conversationId: string, messageId: string, scope: 'everyone' | 'me'): Promise<ConversationMessage> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = new Date();
    const { view, row } = await lockTarget(ctx, trx, viewer, scope === 'everyone' ? 'deleteForEveryone' : 'deleteForMe', conversationId, messageId, now);
    if (scope === 'me') {
      await hideMessageFor(trx, messageId, viewer.uid);
      // Only the viewer's own tabs change: the others still see it.
      await ctx.bus.record(trx, userTopic(viewer.uid), 'conversation.changed', { conversationId });
      return messageAs(row, view, viewer, now.getTime());
    }
    const deletedAt = now.toISOString();
    await blankDeletedMessage(trx, messageId, deletedAt);
    await updatePreview(trx, view, row, MESSAGE_TEXTS.deleted);
    await announceConversation(ctx, trx, conversationId);
    return messageAs({ ...row, text: '', deletedAt }, view, viewer, now.getTime());
  });
}
