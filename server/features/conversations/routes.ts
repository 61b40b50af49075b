import type { Context } from 'hono';
import { CONVERSATION_NOT_FOUND, conversationPageQuerySchema, messageInputSchema } from '@common/conversations';
import type { ServerContext } from '../../context';
import { signedInRoutes } from '../../auth/session';
import { notFound } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { readJson, readQuery } from '../../http/validate';
import { ID_PATTERN } from '../../shared/ids';
import { listConversations } from './queries';
import { markRead, readConversation, readMessages, sendMessage, unreadCount } from './service';

/** The path's conversation id; one that cannot be an id is simply not found. */
function conversationIdParam(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!ID_PATTERN.test(id)) throw notFound(CONVERSATION_NOT_FOUND);
  return id;
}

/** /api/conversations (/messages): the viewer's conversations, a thread, replies, read marks. */
export function conversationRoutes(ctx: ServerContext) {
  const app = signedInRoutes();

  app.get('/', async (c) => c.json(await listConversations(ctx.db, c.var.viewer, readQuery(c, conversationPageQuerySchema).cursor)));

  app.get('/unread-count', async (c) => c.json(await unreadCount(ctx, c.var.viewer)));

  app.get('/:id', async (c) => c.json(await readConversation(ctx, c.var.viewer, conversationIdParam(c))));

  app.get('/:id/messages', async (c) => {
    const id = conversationIdParam(c);
    const { cursor } = readQuery(c, conversationPageQuerySchema);
    return c.json(await readMessages(ctx, c.var.viewer, id, cursor));
  });

  app.post('/:id/messages', rateLimit(ctx, 'messages'), async (c) => {
    const id = conversationIdParam(c);
    const { text } = await readJson(c, messageInputSchema);
    return c.json(await sendMessage(ctx, c.var.user, id, text), 201);
  });

  app.post('/:id/read', async (c) => c.json(await markRead(ctx, c.var.viewer, conversationIdParam(c))));

  return app;
}
