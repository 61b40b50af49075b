import { z } from 'zod';
import { STORY_NOT_FOUND } from '../stories/story';
import { scheduledStoriesResponseSchema, scheduleResponseSchema, scheduleUpdateSchema } from './schedule';
import { defineRoute } from '../contracts/define';
import { recordId } from '../contracts/params';

/** Where the schedule routes are mounted (server/app.ts), beside the other routers of /api/stories. */
export const SCHEDULE_BASE = '/api/stories';
/** The writer's list of schedules. */
export const SCHEDULED_STORIES_BASE = '/api/scheduled-stories';

const storyParamsSchema = z.object({ id: recordId(STORY_NOT_FOUND) });

/**
 * A private story's publishing time (docs/decisions/0072-scheduled-publishing.md): its writer's
 * alone. Anyone who cannot read the story finds none (404), a reader of a public one is refused (403).
 */
export const scheduleContracts = {
  read: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/stories/:id/schedule', params: storyParamsSchema, response: scheduleResponseSchema }),
  /** Sets or changes the time; 400 for one past or more than SCHEDULE_AHEAD_MAX_DAYS ahead. */
  set: defineRoute({ access: 'signedIn', method: 'PUT', path: '/api/stories/:id/schedule', params: storyParamsSchema, body: scheduleUpdateSchema, response: scheduleResponseSchema }),
  /** Cancels it; cancelling none is no error. */
  cancel: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/stories/:id/schedule', params: storyParamsSchema, response: scheduleResponseSchema }),
  mine: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/scheduled-stories', response: scheduledStoriesResponseSchema }),
};
