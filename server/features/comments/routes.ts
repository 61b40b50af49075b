import { Hono } from 'hono';
import { commentCreateSchema, pageQuerySchema } from '@common/story';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { rateLimit } from '../../http/rate-limit';
import { readJson, readQuery } from '../../http/validate';
import { COMMENT_NOT_FOUND } from '../../policy/comments';
import { idParam, storyIdParam } from '../../http/params';
import { addComment, approveComment, deleteComment, readComments } from './service';

/** /api/stories/:id/comments: read (guests too, on public stories), post, delete, approve a held reply from another server. */
export function commentRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.get('/:id/comments', async (c) => {
    const id = storyIdParam(c);
    const { cursor } = readQuery(c, pageQuerySchema);
    return c.json(await readComments(ctx, c.var.viewer, id, cursor));
  });

  app.post('/:id/comments', requireUser, rateLimit(ctx, 'comments'), async (c) => {
    const id = storyIdParam(c);
    const { text } = await readJson(c, commentCreateSchema);
    return c.json(await addComment(ctx, c.var.viewer, id, text), 201);
  });

  app.delete('/:id/comments/:commentId', requireUser, async (c) => {
    const id = storyIdParam(c);
    const commentId = idParam(c, 'commentId', COMMENT_NOT_FOUND);
    return c.json({ commentsCount: await deleteComment(ctx, c.var.viewer, id, commentId) });
  });

  // A reply from another server held for the story's writer: they let it be seen.
  app.post('/:id/comments/:commentId/approve', requireUser, async (c) => {
    const id = storyIdParam(c);
    const commentId = idParam(c, 'commentId', COMMENT_NOT_FOUND);
    return c.json(await approveComment(ctx, c.var.viewer, id, commentId));
  });

  return app;
}
