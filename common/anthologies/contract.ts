import { z } from 'zod';
import { STORY_NOT_FOUND } from '../stories/story';
import { defineRoute } from '../contracts/define';
import { recordId, userId } from '../contracts/params';
import {
  ANTHOLOGY_NOT_FOUND,
  anthologyCreateSchema,
  anthologyDirectoryQuerySchema,
  anthologyEditorAddSchema,
  anthologyListSchema,
  anthologyOrderSchema,
  anthologyPageSchema,
  anthologyReasonSchema,
  anthologyResponseSchema,
  anthologySubmitAnswerSchema,
  anthologyUpdateSchema,
  myAnthologiesSchema,
  storyAnthologiesSchema,
} from './anthologies';

/** Where the anthologies router is mounted (server/app.ts). */
export const ANTHOLOGIES_BASE = '/api/anthologies';

const anthologyParamsSchema = z.object({ id: recordId(ANTHOLOGY_NOT_FOUND) });
const anthologyStoryParamsSchema = z.object({ id: recordId(ANTHOLOGY_NOT_FOUND), storyId: recordId(STORY_NOT_FOUND) });
const anthologyEditorParamsSchema = z.object({ id: recordId(ANTHOLOGY_NOT_FOUND), uid: userId('User not found') });
const storyParamsSchema = z.object({ storyId: recordId(STORY_NOT_FOUND) });

/** /api/anthologies (docs/decisions/0075-anthologies.md). Reads are open to guests; every change names who may make it. */
export const anthologyContracts = {
  /** Anthologies a guest may see, most recently added to first; `q` searches titles and descriptions. */
  directory: defineRoute({ access: 'guest', method: 'GET', path: '/api/anthologies', query: anthologyDirectoryQuerySchema, response: anthologyListSchema }),
  /** The ones the member edits and the ones they follow. */
  mine: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/anthologies/mine', response: myAnthologiesSchema }),
  /** The anthologies holding a story, for its page (and, for its writer, where it waits). */
  ofStory: defineRoute({ access: 'guest', method: 'GET', path: '/api/anthologies/story/:storyId', params: storyParamsSchema, response: storyAnthologiesSchema }),
  create: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/anthologies', body: anthologyCreateSchema, response: anthologyResponseSchema, status: 201 }),
  page: defineRoute({ access: 'guest', method: 'GET', path: '/api/anthologies/:id', params: anthologyParamsSchema, response: anthologyPageSchema }),
  update: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/anthologies/:id', params: anthologyParamsSchema, body: anthologyUpdateSchema, response: anthologyResponseSchema }),
  /** The anthology goes; its stories stay with their writers. */
  remove: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/anthologies/:id', params: anthologyParamsSchema, response: z.undefined(), status: 204 }),
  addEditor: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/anthologies/:id/editors', params: anthologyParamsSchema, body: anthologyEditorAddSchema, response: anthologyResponseSchema }),
  /** The owner removes a co-editor, or a co-editor steps down. */
  removeEditor: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/anthologies/:id/editors/:uid', params: anthologyEditorParamsSchema, response: anthologyResponseSchema }),
  /** The writer adds their public story: in at once (open, or an editor's own), or waiting (moderated). */
  submit: defineRoute({ access: 'signedIn', method: 'PUT', path: '/api/anthologies/:id/stories/:storyId', params: anthologyStoryParamsSchema, response: anthologySubmitAnswerSchema }),
  /** The writer withdraws their story; an editor removes one with a reason the writer is told. */
  removeStory: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/anthologies/:id/stories/:storyId', params: anthologyStoryParamsSchema, body: anthologyReasonSchema, response: anthologyPageSchema }),
  accept: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/anthologies/:id/stories/:storyId/accept', params: anthologyStoryParamsSchema, response: anthologyPageSchema }),
  decline: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/anthologies/:id/stories/:storyId/decline', params: anthologyStoryParamsSchema, body: anthologyReasonSchema, response: anthologyPageSchema }),
  /** Every accepted story in the editors' new order. */
  reorder: defineRoute({ access: 'signedIn', method: 'PUT', path: '/api/anthologies/:id/order', params: anthologyParamsSchema, body: anthologyOrderSchema, response: anthologyPageSchema }),
  follow: defineRoute({ access: 'signedIn', method: 'PUT', path: '/api/anthologies/:id/follow', params: anthologyParamsSchema, response: anthologyResponseSchema }),
  unfollow: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/anthologies/:id/follow', params: anthologyParamsSchema, response: anthologyResponseSchema }),
};
