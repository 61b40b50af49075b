import { Hono, type Context } from 'hono';
import { storyVersionRestoreSchema, storyVersionsQuerySchema } from '@common/story-versions';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { badRequest } from '../../http/errors';
import { idParam, storyIdParam } from '../../http/params';
import { rateLimit } from '../../http/rate-limit';
import { parseWith, readQuery } from '../../http/validate';
import { actorOf } from '../../shared/actor';
import { readVersion, readVersions, restoreVersion, VERSION_NOT_FOUND } from './service';

/** The restore's body is optional: none, or `{ timezone }`. */
async function readOptionalJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('The request body is not valid JSON.', 'invalid_json');
  }
}

/** /api/stories/:id/versions: the author's earlier texts of a story, one of them, and restoring it. */
export function storyVersionRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.get('/:id/versions', requireUser, async (c) => {
    const id = storyIdParam(c);
    const { cursor } = readQuery(c, storyVersionsQuerySchema);
    return c.json(await readVersions(ctx, c.var.viewer, id, cursor));
  });

  app.get('/:id/versions/:versionId', requireUser, async (c) => {
    const id = storyIdParam(c);
    return c.json({ version: await readVersion(ctx, c.var.viewer, id, idParam(c, 'versionId', VERSION_NOT_FOUND)) });
  });

  app.post('/:id/versions/:versionId/restore', requireUser, rateLimit(ctx, 'storyWrites'), async (c) => {
    const id = storyIdParam(c);
    const versionId = idParam(c, 'versionId', VERSION_NOT_FOUND);
    const { timezone } = parseWith(storyVersionRestoreSchema, await readOptionalJson(c));
    return c.json(await restoreVersion(ctx, actorOf(c), id, versionId, timezone));
  });

  return app;
}
