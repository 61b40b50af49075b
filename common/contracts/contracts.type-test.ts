import { z } from 'zod';
import { conversationContracts } from '../messages/contract';
import { defineRoute, routePath, type RouteAnswer, type RouteInput, type RouteReply } from './define';
import { storyContracts } from '../stories/contract';

/*
 * Type tests: `npm run typecheck` compiles this file and nothing runs it. Each
 * `@ts-expect-error` marks a mistake the contracts must refuse; were one accepted, the
 * directive itself would become the error, so the typecheck fails either way
 * (docs/decisions/0037-typed-route-contracts.md). The lines without it must compile.
 */

/** The web reads the answer's fields by the response schema's names. */
export function webReadsTheAnswer(answer: RouteAnswer<typeof storyContracts.read>): string {
  // @ts-expect-error a field the response schema does not name (`story` renamed on one side only)
  void answer.stry;
  return answer.story.id;
}

/** The server must produce every field of the response schema, by its name. */
export const serverReplies: RouteReply<typeof conversationContracts.markRead> = { unread: 0 };
// @ts-expect-error the response schema names `unread`
export const serverRepliesRenamed: RouteReply<typeof conversationContracts.markRead> = { unreadCount: 0 };

/** A caller's body, params and query are the contract's. */
export const callerInput: RouteInput<typeof storyContracts.update> = { params: { id: 'a1' }, body: { title: 'T' } };
// @ts-expect-error a body field the schema does not name
export const callerBodyRenamed: RouteInput<typeof storyContracts.update> = { params: { id: 'a1' }, body: { titel: 'T' } };
// @ts-expect-error the path's parameter is `:id`
export const callerParamRenamed: RouteInput<typeof storyContracts.update> = { params: { storyId: 'a1' }, body: {} };

export const addresses = [
  routePath(storyContracts.mine, { query: { visibility: 'public', limit: 12 } }),
  // @ts-expect-error a query parameter the query schema does not name
  routePath(storyContracts.mine, { query: { visiblity: 'public' } }),
  // @ts-expect-error a path with parameters needs them
  routePath(storyContracts.read),
  // @ts-expect-error a route without a query takes none
  routePath(storyContracts.rows, { query: { cursor: 'x' } }),
];

/** A contract's params schema names exactly the path's parameters. */
export const wellDefined = defineRoute({ access: 'guest', method: 'GET', path: '/api/x/:id', params: z.object({ id: z.string() }), response: z.object({}) });
// @ts-expect-error a path with `:id` needs a params schema
export const withoutParams = defineRoute({ access: 'guest', method: 'GET', path: '/api/x/:id', response: z.object({}) });
// @ts-expect-error the params schema names `uid`, the path `:id`
export const wrongParams = defineRoute({ access: 'guest', method: 'GET', path: '/api/x/:id', params: z.object({ uid: z.string() }), response: z.object({}) });
