import { Hono } from 'hono';
import { muteInputSchema, type WriterPage } from '@common/social';
import { pageQuerySchema } from '@common/story';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { userIdParam } from '../../http/params';
import { rateLimit } from '../../http/rate-limit';
import { readJson, readQuery } from '../../http/validate';
import { listBlocks, listMutes } from './queries';
import { block, mute, unblock, unmute } from './service';

/**
 * /api/blocks and /api/mutes: block and mute writers, list them for /settings. Mounted at
 * /api beside other routers, so every guard sits on its route (never app.use).
 */
export function blockRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const limited = rateLimit(ctx, 'followActions');

  app.get('/blocks', requireUser, async (c) => {
    const { cursor } = readQuery(c, pageQuerySchema);
    return c.json((await listBlocks(ctx.db, c.var.viewer, cursor)) satisfies WriterPage);
  });
  app.post('/blocks/:uid', requireUser, limited, async (c) => c.json({ relationship: await block(ctx, c.var.viewer, userIdParam(c)) }));
  app.delete('/blocks/:uid', requireUser, limited, async (c) => c.json({ relationship: await unblock(ctx, c.var.viewer, userIdParam(c)) }));

  app.get('/mutes', requireUser, async (c) => {
    const { cursor } = readQuery(c, pageQuerySchema);
    return c.json((await listMutes(ctx.db, c.var.viewer, cursor)) satisfies WriterPage);
  });
  app.post('/mutes/:uid', requireUser, limited, async (c) => {
    const uid = userIdParam(c);
    const { duration } = await readJson(c, muteInputSchema);
    return c.json({ relationship: await mute(ctx, c.var.viewer, uid, duration) });
  });
  app.delete('/mutes/:uid', requireUser, limited, async (c) => c.json({ relationship: await unmute(ctx, c.var.viewer, userIdParam(c)) }));

  return app;
}
