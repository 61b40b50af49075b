import { Hono } from 'hono';
import { BLOCKS_BASE, blockContracts } from '@common/blocks/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { listBlocks, listMutes } from './queries';
import { block, mute, unblock, unmute } from './service';

/**
 * /api/blocks and /api/mutes (common/blocks/contract.ts): block and mute writers, list them
 * for /settings. Mounted at /api beside other routers, so every guard sits on its route (never app.use).
 */
export function blockRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, BLOCKS_BASE);
  const limited = [rateLimit(ctx, 'followActions')];

  routes.signedIn(blockContracts.blocks, [], async ({ query }, c) => listBlocks(ctx.db, c.var.viewer, query.cursor));
  routes.signedIn(blockContracts.block, limited, async ({ params }, c) => ({ relationship: await block(ctx, c.var.viewer, params.uid) }));
  routes.signedIn(blockContracts.unblock, limited, async ({ params }, c) => ({ relationship: await unblock(ctx, c.var.viewer, params.uid) }));

  routes.signedIn(blockContracts.mutes, [], async ({ query }, c) => listMutes(ctx.db, c.var.viewer, query.cursor));
  routes.signedIn(blockContracts.mute, limited, async ({ params, body }, c) => ({ relationship: await mute(ctx, c.var.viewer, params.uid, body.duration) }));
  routes.signedIn(blockContracts.unmute, limited, async ({ params }, c) => ({ relationship: await unmute(ctx, c.var.viewer, params.uid) }));

  return app;
}
