import { Hono } from 'hono';
import { STREAKS_BASE, streakContracts } from '@common/streaks/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { changeDailyGoal, changeTimeZone, currentProgress } from './service';

/** Mounted at /api/me beside the profile routes (common/streaks/contract.ts): progress, time zone and daily goal. */
export function streakRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, STREAKS_BASE);

  routes.signedIn(streakContracts.progress, [], async (_request, c) => ({ progress: await currentProgress(ctx, c.var.user.uid) }));
  routes.signedIn(streakContracts.timeZone, [], async ({ body }, c) => ({ progress: await changeTimeZone(ctx, c.var.user.uid, body.timezone) }));
  routes.signedIn(streakContracts.dailyGoal, [], async ({ body }, c) => ({ user: await changeDailyGoal(ctx, c.var.user.uid, body.dailyGoal) }));

  return app;
}
