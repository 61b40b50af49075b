import { z } from 'zod';
import { reactionResponseSchema, STORY_NOT_FOUND } from '../stories/story';
import { defineRoute } from '../contracts/define';
import { recordId } from '../contracts/params';

/** Where the reactions router is mounted (server/app.ts), beside the stories router. */
export const REACTIONS_BASE = '/api/stories';

/**
 * `:kind` takes any text here: an unknown kind is a 400 ('Unknown reaction.'), checked by the
 * handler so that a story id that names nothing still answers 404 first.
 */
const reactionParamsSchema = z.object({ id: recordId(STORY_NOT_FOUND), kind: z.string() });

/** /api/stories/:id/reactions/:kind: the reader's own reaction of a kind. Both need a session. */
export const reactionContracts = {
  /** Adds the reaction; the answer is the story's reactions and likes count after it. */
  add: defineRoute({ access: 'signedIn', method: 'PUT', path: '/api/stories/:id/reactions/:kind', params: reactionParamsSchema, response: reactionResponseSchema }),
  remove: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/stories/:id/reactions/:kind', params: reactionParamsSchema, response: reactionResponseSchema }),
};
