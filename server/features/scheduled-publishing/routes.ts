import { Hono } from 'hono';
import { SCHEDULE_BASE, SCHEDULED_STORIES_BASE, scheduleContracts } from '@common/scheduled-publishing/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { rateLimit } from '../../http/rate-limit';
import { cancelSchedule, listSchedules, readSchedule, setSchedule } from './service';

/** /api/stories/:id/schedule (beside the stories router) and /api/scheduled-stories (common/scheduled-publishing/contract.ts). */
export function scheduleRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, SCHEDULE_BASE);
  const writes = [rateLimit(ctx, 'storyWrites')];

  routes.signedIn(scheduleContracts.read, [], async ({ params }, c) => readSchedule(ctx, c.var.viewer, params.id));
  routes.signedIn(scheduleContracts.set, writes, async ({ params, body }, c) => setSchedule(ctx, c.var.viewer, params.id, body));
  routes.signedIn(scheduleContracts.cancel, writes, async ({ params }, c) => cancelSchedule(ctx, c.var.viewer, params.id));
  return app;
}

export function scheduledStoriesRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, SCHEDULED_STORIES_BASE);
  routes.signedIn(scheduleContracts.mine, [], async (_request, c) => listSchedules(ctx, c.var.viewer));
  return app;
}
