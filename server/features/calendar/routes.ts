import { Hono } from 'hono';
import type { Calendar } from '@common/calendar';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { loadCalendar } from './service';

/** Mounted at /api/me: the writer's own calendar (never anyone else's). */
export function calendarRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  app.get('/calendar', requireUser, async (c) => c.json((await loadCalendar(ctx.db, c.var.user.uid)) satisfies Calendar));
  return app;
}
