import { expect } from 'vitest';
import {
  adminFeatureRequestPageSchema,
  adminFeatureRequestResponseSchema,
  featureRequestSchema,
  type AdminFeatureRequest,
  type AdminFeatureRequestPage,
  type FeatureRequest,
} from '@common/feature-requests/feature-requests';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { TestClient } from '../../test/client';
import type { SignedUp, TestServer } from '../../test/server';

/** Test helper: a suggestion submitted through the API. */
export async function submitRequest(client: TestClient, text = `Idea ${Math.random().toString(36).slice(2)}`): Promise<FeatureRequest> {
  const res = await client.post<{ featureRequest: unknown }>('/api/feature-requests', { text });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return featureRequestSchema.parse(res.body.featureRequest);
}

/** Test helper: an admin's response through the API; returns the request as the admin list shows it. */
export async function respond(admin: TestClient, id: string, text: string): Promise<AdminFeatureRequest> {
  const res = await admin.post(`/api/admin/feature-requests/${id}/responses`, { text });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return adminFeatureRequestResponseSchema.parse(res.body).featureRequest;
}

/** Test helper: a page of the admin list (`query` like '?status=new'). */
export async function adminPage(admin: TestClient, query = ''): Promise<AdminFeatureRequestPage> {
  const res = await admin.get(`/api/admin/feature-requests${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return adminFeatureRequestPageSchema.parse(res.body);
}

/** The adminLogs rows about one request, oldest first. */
export function adminLogsOf(db: Kysely<Database>, id: string) {
  return db.selectFrom('adminLogs').selectAll().where('target', '=', `featureRequests/${id}`).orderBy('timestamp').orderBy('id').execute();
}

/**
 * Only ADMIN_EMAIL becomes an admin by signing up, so a second admin is made the way an
 * operator would: by setting the flag on their record.
 */
export async function makeAdmin(server: TestServer, person: SignedUp): Promise<SignedUp> {
  await server.ctx.db.updateTable('users').set({ admin: 1 }).where('uid', '=', person.uid).execute();
  return person;
}

/** Everything stored about a request's thread, for checking invariants. */
export async function storedThread(db: Kysely<Database>, requestId: string) {
  const conversations = await db.selectFrom('conversations').selectAll().where('featureRequestId', '=', requestId).execute();
  const ids = conversations.map((c) => c.id);
  const messages = ids.length
    ? await db.selectFrom('conversationMessages').selectAll().where('conversationId', 'in', ids).orderBy('created_at').orderBy('id').execute()
    : [];
  const participants = ids.length
    ? await db.selectFrom('conversationParticipants').selectAll().where('conversationId', 'in', ids).orderBy('uid').execute()
    : [];
  const responses = await db.selectFrom('featureRequestResponses').selectAll().where('featureRequestId', '=', requestId).orderBy('created_at').orderBy('id').execute();
  const request = await db.selectFrom('featureRequests').selectAll().where('id', '=', requestId).executeTakeFirst();
  return { conversations, messages, participants, responses, request };
}

/** How many admin log rows, live events… a table holds: to show a refused or failed request wrote nothing. */
export async function countRows(db: Kysely<Database>, table: 'adminLogs' | 'liveEvents' | 'conversations' | 'conversationMessages' | 'featureRequestResponses'): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
