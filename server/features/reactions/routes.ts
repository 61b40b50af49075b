import { Hono } from 'hono';
import { REACTIONS_BASE, reactionContracts } from '@common/reactions/contract';
import { reactionKindSchema } from '@common/stories/story';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { parseWith } from '../../http/validate';
import { setReaction } from './service';

/** PUT adds the viewer's reaction of a kind, DELETE removes it: /api/stories/:id/reactions/:kind (common/reactions/contract.ts). */
export function reactionRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, REACTIONS_BASE);
  const limited = [rateLimit(ctx, 'reactions')];
  for (const [contract, present] of [
    [reactionContracts.add, true],
    [reactionContracts.remove, false],
  ] as const) {
    // The kind is read after the story id (404 before 400), as it always was.
    routes.signedIn(contract, limited, async ({ params }, c) => setReaction(ctx, c.var.viewer, params.id, parseWith(reactionKindSchema, params.kind), present));
  }
  return app;
}
