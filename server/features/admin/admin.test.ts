import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { ADMIN_EMAIL, signUp, signUpVerified, startTestServer, type TestServer } from '../../test/server';
import type { ErrorBody } from '../stories/test-support';

describe.each(testDialects())('admin actions on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('refuses the overview to guests (401) and to signed-in people who are not admins (403)', async () => {
    const guest = await server.client().get<ErrorBody>('/api/admin/overview');
    expect(guest.status).toBe(401);
    expect(guest.body.error.code).toBe('unauthenticated');
    const writer = await signUpVerified(server);
    const refused = await writer.client.get<ErrorBody>('/api/admin/overview');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'forbidden', message: 'Admins only.' });
  });

  it('shows it to an admin', async () => {
    const admin = await signUpVerified(server, { email: ADMIN_EMAIL });
    await signUp(server);
    const res = await admin.client.get<{ users: number }>('/api/admin/overview');
    expect(res.status).toBe(200);
    expect(res.body.users).toBeGreaterThanOrEqual(2);
  });
});
