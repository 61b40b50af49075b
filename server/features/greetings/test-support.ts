import { expect } from 'vitest';
import { greetingResponseSchema, type Greeting } from '@common/greetings/greetings';
import type { TestClient } from '../../test/client';
import type { TestServer } from '../../test/server';

/** The greetings table as stored, keyed "text+punctuation" → enabled, for before/after comparisons. */
export async function storedGreetings(server: TestServer): Promise<Map<string, boolean>> {
  const rows = await server.ctx.db.selectFrom('greetings').select(['text', 'punctuation', 'enabled']).execute();
  return new Map(rows.map((row) => [`${row.text}${row.punctuation}`, row.enabled === 1]));
}

export async function adminLogsOf(server: TestServer, action: string) {
  const rows = await server.ctx.db.selectFrom('adminLogs').select(['user', 'action', 'target', 'details']).where('action', '=', action).orderBy('timestamp').orderBy('id').execute();
  return rows.map((row) => ({ ...row, user: JSON.parse(row.user ?? 'null') as { uid: string } | null, details: row.details === null ? null : (JSON.parse(row.details) as unknown) }));
}

/** Adds a greeting through the API as the admin and returns it. */
export async function addGreeting(admin: TestClient, text: string, punctuation?: string): Promise<Greeting> {
  const res = await admin.post('/api/admin/greetings', { text, ...(punctuation && { punctuation }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return greetingResponseSchema.parse(res.body).greeting;
}
