import { z } from 'zod';
import { COMMENT_NOT_FOUND, commentCreatedSchema, commentCreateSchema, commentDeletedSchema, commentPageSchema, pageQuerySchema, STORY_NOT_FOUND } from '../stories/story';
import { defineRoute } from '../contracts/define';
import { recordId } from '../contracts/params';

/** Where the comments router is mounted (server/app.ts), beside the stories router. */
export const COMMENTS_BASE = '/api/stories';

const storyParamsSchema = z.object({ id: recordId(STORY_NOT_FOUND) });
const commentParamsSchema = z.object({ id: recordId(STORY_NOT_FOUND), commentId: recordId(COMMENT_NOT_FOUND) });

/** /api/stories/:id/comments: the conversation under a story. */
export const commentContracts = {
  /** Open to guests on public stories: a page of comments, oldest first. */
  list: defineRoute({ access: 'guest', method: 'GET', path: '/api/stories/:id/comments', params: storyParamsSchema, query: pageQuerySchema, response: commentPageSchema }),
  post: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/stories/:id/comments', params: storyParamsSchema, body: commentCreateSchema, response: commentCreatedSchema, status: 201 }),
  /** The answer is the story's new comment count. */
  remove: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/stories/:id/comments/:commentId', params: commentParamsSchema, response: commentDeletedSchema }),
  /** The story's writer lets a reply from another server that was held for them be seen. */
  approve: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/stories/:id/comments/:commentId/approve', params: commentParamsSchema, response: commentCreatedSchema }),
};
