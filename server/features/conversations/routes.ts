import { CONVERSATION_NOT_FOUND, conversationListQuerySchema, conversationPageQuerySchema, messageDeleteQuerySchema, messageInputSchema, startConversationSchema } from '@common/conversations';
import type { ServerContext } from '../../context';
import { signedInRoutes } from '../../auth/session';
import { idParam } from '../../http/params';
import { rateLimit } from '../../http/rate-limit';
import { readJson, readQuery } from '../../http/validate';
import { MESSAGE_NOT_FOUND } from '../../policy/conversations';
import { declineConversation, signalTyping, startConversation } from './direct';
import { deleteMessage, editMessage } from './message-changes';
import { accept, listFolder, markRead, readConversation, readMessages, sendMessage, unreadCount } from './service';

/** /api/conversations (/messages): the viewer's conversations, a thread, replies, read marks, requests. */
export function conversationRoutes(ctx: ServerContext) {
  const app = signedInRoutes();

  app.get('/', async (c) => {
    const { folder, cursor } = readQuery(c, conversationListQuerySchema);
    return c.json(await listFolder(ctx, c.var.viewer, folder ?? 'inbox', cursor));
  });

  app.post('/', rateLimit(ctx, 'messages'), async (c) => {
    const { to, text } = await readJson(c, startConversationSchema);
    return c.json(await startConversation(ctx, c.var.user, to, text), 201);
  });

  app.get('/unread-count', async (c) => c.json(await unreadCount(ctx, c.var.viewer)));

  app.get('/:id', async (c) => c.json(await readConversation(ctx, c.var.viewer, idParam(c, 'id', CONVERSATION_NOT_FOUND))));

  app.get('/:id/messages', async (c) => {
    const id = idParam(c, 'id', CONVERSATION_NOT_FOUND);
    const { cursor } = readQuery(c, conversationPageQuerySchema);
    return c.json(await readMessages(ctx, c.var.viewer, id, cursor));
  });

  app.post('/:id/messages', rateLimit(ctx, 'messages'), async (c) => {
    const id = idParam(c, 'id', CONVERSATION_NOT_FOUND);
    const { text } = await readJson(c, messageInputSchema);
    return c.json(await sendMessage(ctx, c.var.user, id, text), 201);
  });

  app.patch('/:id/messages/:messageId', rateLimit(ctx, 'messages'), async (c) => {
    const id = idParam(c, 'id', CONVERSATION_NOT_FOUND);
    const messageId = idParam(c, 'messageId', MESSAGE_NOT_FOUND);
    const { text } = await readJson(c, messageInputSchema);
    return c.json({ message: await editMessage(ctx, c.var.viewer, id, messageId, text) });
  });

  app.delete('/:id/messages/:messageId', rateLimit(ctx, 'inboxWrites'), async (c) => {
    const id = idParam(c, 'id', CONVERSATION_NOT_FOUND);
    const messageId = idParam(c, 'messageId', MESSAGE_NOT_FOUND);
    const scope = readQuery(c, messageDeleteQuerySchema).for;
    return c.json({ message: await deleteMessage(ctx, c.var.viewer, id, messageId, scope) });
  });

  app.post('/:id/read', async (c) => c.json(await markRead(ctx, c.var.viewer, idParam(c, 'id', CONVERSATION_NOT_FOUND))));

  app.post('/:id/typing', rateLimit(ctx, 'typing'), async (c) => {
    await signalTyping(ctx, c.var.viewer, idParam(c, 'id', CONVERSATION_NOT_FOUND));
    return c.body(null, 204);
  });

  app.post('/:id/accept', rateLimit(ctx, 'inboxWrites'), async (c) => c.json(await accept(ctx, c.var.viewer, idParam(c, 'id', CONVERSATION_NOT_FOUND))));

  app.post('/:id/decline', rateLimit(ctx, 'inboxWrites'), async (c) => {
    await declineConversation(ctx, c.var.viewer, idParam(c, 'id', CONVERSATION_NOT_FOUND));
    return c.json({ ok: true });
  });

  return app;
}
