import { dailyGoalUpdateSchema, progressResponseSchema, timeZoneUpdateSchema } from './streak';
import { meResponseSchema } from '../me/user';
import { defineRoute } from '../contracts/define';

/** Where the streaks router is mounted (server/app.ts), beside other routers of /api/me. */
export const STREAKS_BASE = '/api/me';

/** The writer's streak, today's words, the time zone days are counted in and the daily goal. */
export const streakContracts = {
  progress: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/me/progress', response: progressResponseSchema }),
  /** Answers the progress again, counted in the new zone. */
  timeZone: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/me/timezone', body: timeZoneUpdateSchema, response: progressResponseSchema }),
  /** Answers the users record. */
  dailyGoal: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/me/daily-goal', body: dailyGoalUpdateSchema, response: meResponseSchema }),
};
