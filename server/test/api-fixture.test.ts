import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '@common/me/user';
import { useTestServer } from './api-fixture';
import { ADMIN_EMAIL } from './server';

describe('useTestServer', () => {
  const api = useTestServer('sqlite', { env: { SIGNUP_RATE_LIMIT: '1000' }, people: { ada: { name: 'Ada' }, owner: { admin: true }, vera: { verified: true } } });
  // Read while the describe is collected, before any hook ran.
  const early = (() => {
    try {
      return api.ada.uid;
    } catch (err) {
      return (err as Error).message;
    }
  })();

  it('throws a clear error for a person read before the server started', () => {
    expect(early).toMatch(/"ada" is not there: read before the fixture's beforeAll ran/);
  });

  it('starts the server with the env given and signs the people up as asked', async () => {
    expect(api.server.env.SIGNUP_RATE_LIMIT).toBe('1000');
    const me = async (client: typeof api.ada.client) => (await client.get<{ user: UserRecord }>('/api/me')).body.user;
    expect(await me(api.ada.client)).toMatchObject({ uid: api.ada.uid, admin: false, emailVerified: false });
    expect(api.owner.email).toBe(ADMIN_EMAIL);
    expect(await me(api.owner.client)).toMatchObject({ uid: api.owner.uid, admin: true, emailVerified: true });
    expect(await me(api.vera.client)).toMatchObject({ uid: api.vera.uid, admin: false, emailVerified: true });
  });

  describe('with an environment made by an earlier hook', () => {
    let made: Record<string, string> = {};
    beforeAll(() => {
      made = { METRICS_TOKEN: 'made-in-a-hook-before-the-server-0000' };
    });
    const later = useTestServer('sqlite', { env: () => made });

    it('reads it when the server starts', () => {
      expect(later.server.env.METRICS_TOKEN).toBe('made-in-a-hook-before-the-server-0000');
    });
  });

  it('refuses a person named twice, or named "server"', () => {
    expect(() => useTestServer('sqlite', { people: ['ada', 'ada'] })).toThrow(/"ada" is named twice/);
    // @ts-expect-error `server` is the fixture's own
    expect(() => useTestServer('sqlite', { people: { server: {} } })).toThrow(/"server" is named twice/);
  });
});
