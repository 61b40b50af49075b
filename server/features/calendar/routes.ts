import { Hono } from 'hono';
import { CALENDAR_BASE, calendarContracts } from '@common/calendar/contract';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { loadCalendar } from './service';

/** Mounted at /api/me (common/calendar/contract.ts): the writer's own calendar (never anyone else's). */
export function calendarRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, CALENDAR_BASE);
  routes.signedIn(calendarContracts.mine, [], async (_request, c) => loadCalendar(ctx.db, c.var.user.uid));
  return app;
}
