import { calendarSchema } from './calendar';
import { defineRoute } from '../contracts/define';

/** Where the calendar router is mounted (server/app.ts), beside other routers of /api/me. */
export const CALENDAR_BASE = '/api/me';

/** The writer's own writing calendar (never anyone else's). Needs a session. */
export const calendarContracts = {
  mine: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/me/calendar', response: calendarSchema }),
};
