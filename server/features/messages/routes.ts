import { Hono } from 'hono';
import { CONVERSATIONS_BASE, conversationContracts as routes } from '@common/messages/contract';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { declineConversation, signalTyping, startConversation } from './direct';
import { deleteMessage, editMessage } from './message-changes';
import { accept, listFolder, markRead, readConversation, readMessages, sendMessage, unreadCount } from './service';

/** /api/conversations (/messages): the viewer's conversations, a thread, replies, read marks, requests. */
export function conversationRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  // Every path under the prefix needs a session, a route's or not (a guest gets 401, never 404).
  app.use('*', requireUser);
  const on = contractRoutes(app, CONVERSATIONS_BASE);
  const messages = [rateLimit(ctx, 'messages')];
  const inboxWrites = [rateLimit(ctx, 'inboxWrites')];

  on.signedIn(routes.list, [], async ({ query }, c) => listFolder(ctx, c.var.viewer, query.folder ?? 'inbox', query.cursor));
  on.signedIn(routes.start, messages, async ({ body }, c) => startConversation(ctx, c.var.user, body.to, body.text));
  on.signedIn(routes.unreadCount, [], async (_request, c) => unreadCount(ctx, c.var.viewer));
  on.signedIn(routes.read, [], async ({ params }, c) => readConversation(ctx, c.var.viewer, params.id));
  on.signedIn(routes.messages, [], async ({ params, query }, c) => readMessages(ctx, c.var.viewer, params.id, query.cursor));
  on.signedIn(routes.send, messages, async ({ params, body }, c) => sendMessage(ctx, c.var.user, c.var.viewer, params.id, body.text));
  on.signedIn(routes.edit, messages, async ({ params, body }, c) => ({ message: await editMessage(ctx, c.var.viewer, params.id, params.messageId, body.text) }));
  on.signedIn(routes.deleteMessage, inboxWrites, async ({ params, query }, c) => ({
    message: await deleteMessage(ctx, c.var.viewer, params.id, params.messageId, query.for),
  }));
  on.signedIn(routes.markRead, [], async ({ params }, c) => markRead(ctx, c.var.viewer, params.id));
  on.signedIn(routes.typing, [rateLimit(ctx, 'typing')], async ({ params }, c) => signalTyping(ctx, c.var.viewer, params.id));
  on.signedIn(routes.accept, inboxWrites, async ({ params }, c) => accept(ctx, c.var.viewer, params.id));
  on.signedIn(routes.decline, inboxWrites, async ({ params }, c) => {
    await declineConversation(ctx, c.var.viewer, params.id);
    return { ok: true as const };
  });

  return app;
}
