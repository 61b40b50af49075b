import { Hono } from 'hono';
import { dailyGoalUpdateSchema, timeZoneUpdateSchema } from '@common/streak';
import type { MeResponse } from '@common/user';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { readJson } from '../../http/validate';
import { changeDailyGoal, changeTimeZone, currentProgress } from './service';

/** Mounted at /api/me beside the profile routes: progress, time zone and daily goal. */
export function streakRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.get('/progress', requireUser, async (c) => c.json({ progress: await currentProgress(ctx, c.var.user.uid) }));

  app.patch('/timezone', requireUser, async (c) => {
    const { timezone } = await readJson(c, timeZoneUpdateSchema);
    return c.json({ progress: await changeTimeZone(ctx, c.var.user.uid, timezone) });
  });

  app.patch('/daily-goal', requireUser, async (c) => {
    const { dailyGoal } = await readJson(c, dailyGoalUpdateSchema);
    const user = await changeDailyGoal(ctx, c.var.user.uid, dailyGoal);
    return c.json({ user } satisfies MeResponse);
  });

  return app;
}
