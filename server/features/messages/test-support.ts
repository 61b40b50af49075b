import { expect } from 'vitest';
import {
  canMessageResponseSchema,
  conversationListResponseSchema,
  conversationResponseSchema,
  messagingSettingsSchema,
  startConversationResponseSchema,
  unreadCountResponseSchema,
  type CanMessageResponse,
  type MessagingSettings,
} from '@common/messages/messages';
import type { TestClient } from '../../test/client';
import { signUp, type SignedUp, type TestServer } from '../../test/server';
import { respond, submitRequest } from '../feature-requests/test-support';

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

/** Test helper: a writer whose account is two days old, so the 24-hour rule does not stop them starting conversations. */
export async function veteran(server: TestServer, name = 'Writer'): Promise<SignedUp> {
  const person = await signUp(server, { name });
  await ageAccount(server, person.uid, 48 * 60 * 60_000);
  return person;
}

/** Test helper: moves the account's creation `ms` into the past. */
export async function ageAccount(server: TestServer, uid: string, ms: number): Promise<void> {
  await server.ctx.db.updateTable('users').set({ created_at: new Date(Date.now() - ms).toISOString() }).where('uid', '=', uid).execute();
}

/** Test helper: `who` follows the writer `uid` (nobody here approves followers). */
export async function follow(who: SignedUp, uid: string): Promise<void> {
  const res = await who.client.post(`/api/follows/${uid}`);
  if (res.status !== 200) throw new Error(`follow failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function befriend(a: SignedUp, b: SignedUp): Promise<void> {
  await follow(a, b.uid);
  await follow(b, a.uid);
}

export async function block(who: SignedUp, uid: string): Promise<void> {
  const res = await who.client.post(`/api/blocks/${uid}`);
  if (res.status !== 200) throw new Error(`block failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function setMessaging(who: SignedUp, settings: Partial<MessagingSettings>): Promise<MessagingSettings> {
  const res = await who.client.patch('/api/me/messaging-settings', settings);
  expect(res.status).toBe(200);
  return messagingSettingsSchema.parse(res.body);
}

export async function canMessage(who: SignedUp, uid: string): Promise<CanMessageResponse> {
  const res = await who.client.get(`/api/users/${uid}/can-message`);
  expect(res.status).toBe(200);
  return canMessageResponseSchema.parse(res.body);
}

/** POST /api/conversations, answering the status and the parsed body when it was created. */
export async function startWith(who: SignedUp, to: string, text: string) {
  const res = await who.client.post<unknown>('/api/conversations', { to, text });
  return { status: res.status, body: res.body, started: res.status === 201 ? startConversationResponseSchema.parse(res.body) : null };
}

/** Test helper: a conversation `from` started with `to`, asserted created. */
export async function started(from: SignedUp, to: string, text: string) {
  const { status, body, started: ok } = await startWith(from, to, text);
  if (!ok) throw new Error(`start failed: ${status} ${JSON.stringify(body)}`);
  return ok;
}

export async function listFolder(who: SignedUp, folder: 'inbox' | 'requests' = 'inbox') {
  const res = await who.client.get(`/api/conversations?folder=${folder}`);
  expect(res.status).toBe(200);
  return conversationListResponseSchema.parse(res.body).conversations;
}

export async function openConversation(who: SignedUp, id: string) {
  const res = await who.client.get(`/api/conversations/${id}`);
  expect(res.status).toBe(200);
  return conversationResponseSchema.parse(res.body);
}
