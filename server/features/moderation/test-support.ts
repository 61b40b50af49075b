import { expect } from 'vitest';
import {
  ACTION_TAKEN,
  caseDetailSchema,
  reportCreatedSchema,
  type CaseDetail,
  type CaseOutcome,
  type ReportCategory,
  type ReportTargetType,
} from '@common/moderation/moderation';
import { userNotificationSchema } from '@common/notifications/notifications';
import { z } from 'zod';
import type { TestClient } from '../../test/client';
import { ADMIN_EMAIL, signUpVerified, type SignedUp, type TestServer } from '../../test/server';

/** Test helpers for the moderation API tests. */

/** A second admin: promoted in the table, then signed in afresh so no cached session predates it. */
export async function promoteToAdmin(server: TestServer, person: SignedUp): Promise<SignedUp> {
  await server.ctx.db.updateTable('users').set({ admin: 1 }).where('uid', '=', person.uid).execute();
  const client = server.client();
  const res = await client.post('/api/auth/sign-in/email', { email: person.email, password: person.password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...person, client };
}

export async function newAdmin(server: TestServer, name: string): Promise<SignedUp> {
  return promoteToAdmin(server, await signUpVerified(server, { name }));
}

/** The people of a moderation test: the owner and a second admin, a writer, and two reporters. */
export async function moderationCast(server: TestServer) {
  return {
    owner: await signUpVerified(server, { email: ADMIN_EMAIL, name: 'The Owner' }),
    admin2: await newAdmin(server, 'Second Admin'),
    writer: await signUpVerified(server, { name: 'Wanda Writer' }),
    reporterA: await signUpVerified(server, { name: 'Rita Reporter' }),
    reporterB: await signUpVerified(server, { name: 'Rob Reporter' }),
  };
}

/** Files a report through POST /api/reports and answers the case it joined. */
export async function fileReport(
  server: TestServer,
  reporter: SignedUp,
  targetType: ReportTargetType,
  targetId: string,
  category: ReportCategory = 'harassment',
  note = '',
): Promise<string> {
  const res = await reporter.client.post('/api/reports', { targetType, targetId, category, note });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const { reportId } = reportCreatedSchema.parse(res.body);
  const row = await server.ctx.db.selectFrom('reports').select('caseId').where('id', '=', reportId).executeTakeFirstOrThrow();
  return row.caseId;
}

export async function readCase(admin: SignedUp, id: string): Promise<CaseDetail> {
  const res = await admin.client.get(`/api/admin/reports/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return caseDetailSchema.parse(res.body);
}

/** Applies a case action at the case's current version and answers the new detail. */
export async function applyCaseAction(admin: SignedUp, id: string, action: string, reason = 'Against the rules'): Promise<CaseDetail> {
  const { version } = await readCase(admin, id);
  const res = await admin.client.post(`/api/admin/reports/${id}/actions`, { action, reason, version });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return caseDetailSchema.parse(res.body);
}

/** Resolves at the case's current version with this outcome (by default what its actions call for) and reason. */
export async function resolve(admin: SignedUp, id: string, outcome?: CaseOutcome, reason = 'Reviewed'): Promise<CaseDetail> {
  const current = await readCase(admin, id);
  const taken = current.actions.some((a) => (ACTION_TAKEN as readonly string[]).includes(a.action));
  const res = await admin.client.post(`/api/admin/reports/${id}/resolve`, { version: current.version, outcome: outcome ?? (taken ? 'action' : 'dismissed'), reason });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return caseDetailSchema.parse(res.body);
}

const listSchema = z.object({ notifications: z.array(userNotificationSchema) });

/** This person's moderation notices (sentence and link), newest first. */
export async function noticeRows(client: TestClient): Promise<Array<{ detail: string; link: string }>> {
  const res = await client.get('/api/notifications');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return listSchema
    .parse(res.body)
    .notifications.filter((n) => n.type === 'moderation')
    .map((n) => ({ detail: n.detail ?? '', link: n.link }));
}

/** The sentences of this person's moderation notices, newest first. */
export async function notices(client: TestClient): Promise<string[]> {
  return (await noticeRows(client)).map((n) => n.detail);
}

export async function comment(client: TestClient, storyId: string, text: string): Promise<string> {
  const res = await client.post<{ comment: { id: string } }>(`/api/stories/${storyId}/comments`, { text });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.comment.id;
}
