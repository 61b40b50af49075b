import { expect } from 'vitest';
import { unreadCountResponseSchema } from '@common/conversations';
import type { TestClient } from '../../test/client';
import { signUp, type SignedUp, type TestServer } from '../../test/server';
import { respond, submitRequest } from '../feature-requests/testing';

/** Test helper: a new requester whose suggestion `admin` has answered, so its thread exists. */
export async function startThread(server: TestServer, admin: SignedUp, requestText = 'Please add tags to stories', answer = 'Good idea!') {
  const writer = await signUp(server, { name: 'Ada Lovelace' });
  const request = await submitRequest(writer.client, requestText);
  const answered = await respond(admin.client, request.id, answer);
  if (!answered.conversationId) throw new Error('the answer started no thread');
  return { writer, request, conversationId: answered.conversationId };
}

/** Test helper: the Messages badge's number for this person. */
export async function unreadCount(client: TestClient): Promise<number> {
  const res = await client.get('/api/conversations/unread-count');
  expect(res.status).toBe(200);
  return unreadCountResponseSchema.parse(res.body).unread;
}
