import crypto from 'node:crypto';
import { expect } from 'vitest';
import { addDays } from '@common/streaks/streak';
import type { TestServer, SignedUp } from '../../test/server';
import { ADMIN_EMAIL, signUpVerified } from '../../test/server';
import type { ErrorBody } from '../stories/test-support';

/** Test helpers for the admin panel's API tests. */

export interface AdminTestPeople {
  admin: SignedUp;
  writer: SignedUp;
}

/** The owner (an admin once verified) and a verified writer who is not one. */
export async function adminAndWriter(server: TestServer): Promise<AdminTestPeople> {
  const admin = await signUpVerified(server, { email: ADMIN_EMAIL, name: 'The Owner' });
  const writer = await signUpVerified(server, { name: 'Ada Writer' });
  return { admin, writer };
}

/** Asserts the route answers 401 to a guest and 403 'Admins only.' to a signed-in writer, and changes nothing doing so. */
export async function expectAdminsOnly(server: TestServer, writer: SignedUp, method: 'GET' | 'POST', path: string): Promise<void> {
  const guest = await server.client().send<ErrorBody>(method, path, method === 'POST' ? {} : undefined);
  expect(guest.status, `${method} ${path} as a guest`).toBe(401);
  expect(guest.body.error.code).toBe('unauthenticated');
  const refused = await writer.client.send<ErrorBody>(method, path, method === 'POST' ? {} : undefined);
  expect(refused.status, `${method} ${path} as a writer`).toBe(403);
  expect(refused.body.error).toEqual({ code: 'forbidden', message: 'Admins only.' });
}

/** Noon (UTC) `n` days before `today`, as timestamps are stored. */
export function daysAgo(today: string, n: number, time = '12:00:00.000'): string {
  return `${addDays(today, -n)}T${time}Z`;
}

export const randomId = () => crypto.randomUUID();

/** A users row created at `created_at`, straight into the table (sign-ups always happen now). */
export async function insertUser(server: TestServer, created_at: string): Promise<string> {
  const uid = `u${crypto.randomBytes(8).toString('hex')}`;
  await server.ctx.db
    .insertInto('users')
    .values({ uid, handle: uid, email: `${uid}@example.com`, name: uid, first: uid, last: '', created_at, lastActive: created_at, admin: 0, themeMode: null, profileImage: null, displayName: null, darkMode: null })
    .execute();
  return uid;
}
