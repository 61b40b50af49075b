import { Hono } from 'hono';
import { COMMENTS_BASE, commentContracts } from '@common/comments/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { addComment, approveComment, deleteComment, readComments } from './service';

/** /api/stories/:id/comments (common/comments/contract.ts): read (guests too, on public stories), post, delete, approve a held reply from another server. */
export function commentRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, COMMENTS_BASE);

  routes.open(commentContracts.list, [], async ({ params, query }, c) => readComments(ctx, c.var.viewer, params.id, query.cursor));

  routes.signedIn(commentContracts.post, [rateLimit(ctx, 'comments')], async ({ params, body }, c) => addComment(ctx, c.var.viewer, params.id, body.text));

  routes.signedIn(commentContracts.remove, [], async ({ params }, c) => ({ commentsCount: await deleteComment(ctx, c.var.viewer, params.id, params.commentId) }));

  // A reply from another server held for the story's writer: they let it be seen.
  routes.signedIn(commentContracts.approve, [], async ({ params }, c) => approveComment(ctx, c.var.viewer, params.id, params.commentId));

  return app;
}
