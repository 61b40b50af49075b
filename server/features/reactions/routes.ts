import { Hono } from 'hono';
import { reactionKindSchema } from '@common/story';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { rateLimit } from '../../http/rate-limit';
import { parseWith } from '../../http/validate';
import { storyIdParam } from '../../http/params';
import { setReaction } from './service';

/** PUT adds the viewer's reaction of a kind, DELETE removes it: /api/stories/:id/reactions/:kind */
export function reactionRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  for (const [method, present] of [['put', true], ['delete', false]] as const) {
    app[method]('/:id/reactions/:kind', requireUser, rateLimit(ctx, 'reactions'), async (c) => {
      const id = storyIdParam(c);
      const kind = parseWith(reactionKindSchema, c.req.param('kind'));
      return c.json(await setReaction(ctx, c.var.viewer, id, kind, present));
    });
  }
  return app;
}
