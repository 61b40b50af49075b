import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '@common/user';
import { testDialects } from '../../test/databases';
import { signUp, startTestServer, type TestServer } from '../../test/server';

describe.each(testDialects())('the users record on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('turns a legacy darkMode flag into themeMode the first time it is read', async () => {
    const dark = await signUp(server);
    const light = await signUp(server);
    await server.ctx.db.updateTable('users').set({ darkMode: 1, themeMode: null }).where('uid', '=', dark.uid).execute();
    await server.ctx.db.updateTable('users').set({ darkMode: 0, themeMode: null }).where('uid', '=', light.uid).execute();

    expect((await dark.client.get<{ user: UserRecord }>('/api/me')).body.user.themeMode).toBe('dark-blue');
    expect((await light.client.get<{ user: UserRecord }>('/api/me')).body.user.themeMode).toBe('light');
    const rows = await server.ctx.db.selectFrom('users').select(['uid', 'themeMode', 'darkMode']).where('uid', 'in', [dark.uid, light.uid]).execute();
    expect(rows.find((r) => r.uid === dark.uid)).toMatchObject({ themeMode: 'dark-blue', darkMode: null });
    expect(rows.find((r) => r.uid === light.uid)).toMatchObject({ themeMode: 'light', darkMode: null });
  });

  it('keeps a chosen themeMode over a leftover darkMode flag', async () => {
    const writer = await signUp(server);
    await server.ctx.db.updateTable('users').set({ darkMode: 1, themeMode: 'dark-gray' }).where('uid', '=', writer.uid).execute();
    expect((await writer.client.get<{ user: UserRecord }>('/api/me')).body.user.themeMode).toBe('dark-gray');
  });

  it('ignores unknown stored theme and colour values', async () => {
    const writer = await signUp(server);
    await server.ctx.db.updateTable('users').set({ themeMode: 'neon', colorTheme: 'plaid', profileIcon: 'Dragon' }).where('uid', '=', writer.uid).execute();
    const { user } = (await writer.client.get<{ user: UserRecord }>('/api/me')).body;
    expect(user).toMatchObject({ themeMode: null, colorTheme: 'blue', profileIcon: 'User' });
  });
});
