import { describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { ADMIN_EMAIL, signUp, signUpVerified } from '../../test/server';
import type { ErrorBody } from '../stories/test-support';

describe.each(testDialects())('admin actions on %s', (dialect) => {
  const api = useTestServer(dialect);

  it('refuses the overview to guests (401) and to signed-in people who are not admins (403)', async () => {
    const guest = await api.server.client().get<ErrorBody>('/api/admin/overview');
    expect(guest.status).toBe(401);
    expect(guest.body.error.code).toBe('unauthenticated');
    const writer = await signUpVerified(api.server);
    const refused = await writer.client.get<ErrorBody>('/api/admin/overview');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'forbidden', message: 'Admins only.' });
  });

  it('shows it to an admin', async () => {
    const admin = await signUpVerified(api.server, { email: ADMIN_EMAIL });
    await signUp(api.server);
    const res = await admin.client.get<{ users: number }>('/api/admin/overview');
    expect(res.status).toBe(200);
    expect(res.body.users).toBeGreaterThanOrEqual(2);
  });
});
