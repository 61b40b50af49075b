import { Hono } from 'hono';
import { STORY_VERSIONS_BASE, storyVersionContracts } from '@common/story-versions/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { actorOf } from '../../shared/actor';
import { readVersion, readVersions, restoreVersion } from './service';

/** /api/stories/:id/versions (common/story-versions/contract.ts): the author's earlier texts of a story, one of them, and restoring it. */
export function storyVersionRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, STORY_VERSIONS_BASE);

  routes.signedIn(storyVersionContracts.list, [], async ({ params, query }, c) => readVersions(ctx, c.var.viewer, params.id, query.cursor));
  routes.signedIn(storyVersionContracts.read, [], async ({ params }, c) => ({ version: await readVersion(ctx, c.var.viewer, params.id, params.versionId) }));
  routes.signedIn(storyVersionContracts.restore, [rateLimit(ctx, 'storyWrites')], async ({ params, body }, c) =>
    restoreVersion(ctx, actorOf(c), params.id, params.versionId, body?.timezone),
  );

  return app;
}
