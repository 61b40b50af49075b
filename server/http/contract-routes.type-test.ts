import type { Hono } from 'hono';
import { conversationContracts } from '@common/messages/contract';
import { storyContracts } from '@common/stories/contract';
import type { AppEnv } from '../context';
import { contractRoutes } from './contract-routes';
import { encodeJson } from './encoded-json';

/*
 * Type tests, compiled by `npm run typecheck` and never run (see common/contracts/contracts.type-test.ts):
 * a handler's answer, plain or already encoded, must be the contract's response.
 */
export function handlersAnswerTheContract(app: Hono<AppEnv>): void {
  const on = contractRoutes(app, '/api/conversations');
  on.signedIn(conversationContracts.markRead, [], async () => ({ unread: 1 }));
  // @ts-expect-error the response schema names `unread`
  on.signedIn(conversationContracts.markRead, [], async () => ({ unreadCount: 1 }));
  // @ts-expect-error an encoded answer of another shape
  on.signedIn(conversationContracts.markRead, [], async () => encodeJson({ unreadCount: 1 }));
  // @ts-expect-error the handler reads a params field the path does not have
  on.signedIn(conversationContracts.markRead, [], async ({ params }) => ({ unread: params.conversationId.length }));

  const stories = contractRoutes(app, '/api/stories');
  // @ts-expect-error a guest route's viewer may be null: no signed-in user to act as
  stories.open(storyContracts.rows, [], async (_request, c) => ({ rows: [], uid: c.var.user.uid }));
}
