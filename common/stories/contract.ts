import { z } from 'zod';
import {
  communityQuerySchema,
  myStoriesQuerySchema,
  savedStorySchema,
  STORY_NOT_FOUND,
  storyCreateSchema,
  storyPageSchema,
  storyResponseSchema,
  storyRowsResponseSchema,
  storyUpdateSchema,
  viewResponseSchema,
  visibilityUpdateSchema,
} from './story';
import { defineRoute } from '../contracts/define';
import { recordId } from '../contracts/params';

/** Where the stories router is mounted (server/app.ts); every path below starts with it. */
export const STORIES_BASE = '/api/stories';

const storyParamsSchema = z.object({ id: recordId(STORY_NOT_FOUND) });

/** /api/stories: writing, listing and reading stories (reactions, comments and versions have routers of their own). */
export const storyContracts = {
  create: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/stories', body: storyCreateSchema, response: savedStorySchema, status: 201 }),
  /** Open to guests. Without parameters it is the shared first page (server/features/stories/community-page.ts). */
  community: defineRoute({ access: 'guest', method: 'GET', path: '/api/stories/community', query: communityQuerySchema, response: storyPageSchema }),
  mine: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/stories/mine', query: myStoriesQuerySchema, response: storyPageSchema }),
  /** Every one of the writer's stories, for the table screen. */
  rows: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/stories/mine/rows', response: storyRowsResponseSchema }),
  /** Open to guests for public stories. */
  read: defineRoute({ access: 'guest', method: 'GET', path: '/api/stories/:id', params: storyParamsSchema, response: storyResponseSchema }),
  update: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/stories/:id', params: storyParamsSchema, body: storyUpdateSchema, response: savedStorySchema }),
  setVisibility: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/stories/:id/visibility', params: storyParamsSchema, body: visibilityUpdateSchema, response: storyResponseSchema }),
  remove: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/stories/:id', params: storyParamsSchema, response: z.undefined(), status: 204 }),
  /** A reader's view, counted once a day and never the author's. */
  recordView: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/stories/:id/view', params: storyParamsSchema, response: viewResponseSchema }),
};
