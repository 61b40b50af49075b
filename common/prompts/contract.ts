import { z } from 'zod';
import { promptArchivePageSchema, promptArchiveQuerySchema, promptDayResponseSchema, todayPromptResponseSchema } from './prompts';
import { pageQuerySchema, storyPageSchema } from '../stories/story';
import { defineRoute } from '../contracts/define';

/** Where the prompts router is mounted (server/app.ts). */
export const PROMPTS_BASE = '/api/prompts';

/**
 * The `:date` of a prompt page. Any text names a route here: a day that is not a real
 * YYYY-MM-DD date is a 400 (promptDateSchema), checked by the server before the query.
 */
const promptDateParamsSchema = z.object({ date: z.string() });

/** /api/prompts: today's prompt, a day's prompt page and its stories, and the archive. All open to guests. */
export const promptContracts = {
  today: defineRoute({ access: 'guest', method: 'GET', path: '/api/prompts/today', response: todayPromptResponseSchema }),
  /** The archive, a month of days a page, newest first. */
  archive: defineRoute({ access: 'guest', method: 'GET', path: '/api/prompts', query: promptArchiveQuerySchema, response: promptArchivePageSchema }),
  /** The day's prompt, whether the viewer answered it, how many stories. */
  day: defineRoute({ access: 'guest', method: 'GET', path: '/api/prompts/:date', params: promptDateParamsSchema, response: promptDayResponseSchema }),
  /** Public stories written to the day's prompt, newest first. */
  stories: defineRoute({ access: 'guest', method: 'GET', path: '/api/prompts/:date/stories', params: promptDateParamsSchema, query: pageQuerySchema, response: storyPageSchema }),
};
