import { z } from 'zod';
import { STORY_NOT_FOUND } from '../stories/story';
import { defineRoute } from '../contracts/define';
import { recordId, userId } from '../contracts/params';
import {
  ownSeriesListSchema,
  SERIES_NOT_FOUND,
  seriesCreateSchema,
  seriesListSchema,
  seriesOrderSchema,
  seriesPageSchema,
  seriesResponseSchema,
  seriesUpdateSchema,
  storyPartSchema,
} from './series';

/** Where the series router is mounted (server/app.ts). */
export const SERIES_BASE = '/api/series';

const seriesParamsSchema = z.object({ id: recordId(SERIES_NOT_FOUND) });
const seriesStoryParamsSchema = z.object({ id: recordId(SERIES_NOT_FOUND), storyId: recordId(STORY_NOT_FOUND) });
const storyParamsSchema = z.object({ storyId: recordId(STORY_NOT_FOUND) });
const writerParamsSchema = z.object({ uid: userId('User not found') });

/** /api/series (docs/decisions/0070-series.md). Reads are open to guests; writes are the writer's own. */
export const seriesContracts = {
  /** The writer's own series, newest first, with every story id each holds. */
  mine: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/series/mine', response: ownSeriesListSchema }),
  /** A writer's series the reader may see (with at least one part they may read; all of them for the writer). */
  ofWriter: defineRoute({ access: 'guest', method: 'GET', path: '/api/series/user/:uid', params: writerParamsSchema, response: seriesListSchema }),
  /** Where a story stands in its series, for the story page's "Part N of" and its previous and next. */
  ofStory: defineRoute({ access: 'guest', method: 'GET', path: '/api/series/story/:storyId', params: storyParamsSchema, response: storyPartSchema }),
  create: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/series', body: seriesCreateSchema, response: seriesResponseSchema, status: 201 }),
  page: defineRoute({ access: 'guest', method: 'GET', path: '/api/series/:id', params: seriesParamsSchema, response: seriesPageSchema }),
  update: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/series/:id', params: seriesParamsSchema, body: seriesUpdateSchema, response: seriesResponseSchema }),
  /** The series goes; its stories stay. */
  remove: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/series/:id', params: seriesParamsSchema, response: z.undefined(), status: 204 }),
  /** Adds the writer's own story as the last part. */
  addStory: defineRoute({ access: 'signedIn', method: 'PUT', path: '/api/series/:id/stories/:storyId', params: seriesStoryParamsSchema, response: seriesPageSchema }),
  removeStory: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/series/:id/stories/:storyId', params: seriesStoryParamsSchema, response: seriesPageSchema }),
  /** Every story of the series in its new order. */
  reorder: defineRoute({ access: 'signedIn', method: 'PUT', path: '/api/series/:id/order', params: seriesParamsSchema, body: seriesOrderSchema, response: seriesPageSchema }),
};
