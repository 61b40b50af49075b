import { z } from 'zod';
import { defineRoute } from '../contracts/define';
import { recordId } from '../contracts/params';
import { pageQuerySchema, STORY_NOT_FOUND } from '../stories/story';
import {
  READING_LIST_TEXTS,
  readingListCreateSchema,
  readingListEntryAnswerSchema,
  readingListEntryPutSchema,
  readingListPageSchema,
  readingListResponseSchema,
  readingListsResponseSchema,
  readingListUpdateSchema,
  storyListsResponseSchema,
} from './reading-lists';

/** Where the reading lists router is mounted (server/app.ts). */
export const READING_LISTS_BASE = '/api/reading-lists';

const listParamsSchema = z.object({ id: recordId(READING_LIST_TEXTS.notFound) });
const entryParamsSchema = z.object({ id: recordId(READING_LIST_TEXTS.notFound), storyId: recordId(STORY_NOT_FOUND) });
const storyParamsSchema = z.object({ storyId: recordId(STORY_NOT_FOUND) });

/** /api/reading-lists: Read later and named lists (docs/decisions/0071-reading-lists.md). */
export const readingListContracts = {
  /** The reader's lists, Read later (made on first use) first. */
  mine: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/reading-lists', response: readingListsResponseSchema }),
  create: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/reading-lists', body: readingListCreateSchema, response: readingListResponseSchema, status: 201 }),
  /** Which of the reader's lists hold the story (the bookmark's menu). */
  forStory: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/reading-lists/story/:storyId', params: storyParamsSchema, response: storyListsResponseSchema }),
  /** One tap: the story into Read later (made on first use). */
  readLater: defineRoute({ access: 'signedIn', method: 'PUT', path: '/api/reading-lists/read-later/:storyId', params: storyParamsSchema, response: readingListEntryAnswerSchema }),
  /** Open to guests for a public list: its entries the viewer may read. A private list is 404 to all but its owner. */
  page: defineRoute({ access: 'guest', method: 'GET', path: '/api/reading-lists/:id', params: listParamsSchema, query: pageQuerySchema, response: readingListPageSchema }),
  update: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/reading-lists/:id', params: listParamsSchema, body: readingListUpdateSchema, response: readingListResponseSchema }),
  remove: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/reading-lists/:id', params: listParamsSchema, response: z.undefined(), status: 204 }),
  /** Adds the story, or sets the note of one already there. */
  putEntry: defineRoute({ access: 'signedIn', method: 'PUT', path: '/api/reading-lists/:id/entries/:storyId', params: entryParamsSchema, body: readingListEntryPutSchema, response: readingListEntryAnswerSchema }),
  /** Idempotent. */
  removeEntry: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/reading-lists/:id/entries/:storyId', params: entryParamsSchema, response: z.undefined(), status: 204 }),
};
