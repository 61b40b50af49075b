import { describe, expect, it } from 'vitest';
import type { UserRecord } from '@common/me/user';
import { testDialects } from '../../test/databases';
import { openEventStream } from '../../test/sse';
import { useTestServer } from '../../test/api-fixture';
import { signUp } from '../../test/server';

type ErrorBody = { error: { code: string; message: string } };

describe.each(testDialects())('the users record on %s', (dialect) => {
  const api = useTestServer(dialect);

  it('turns a legacy darkMode flag into themeMode the first time it is read', async () => {
    const dark = await signUp(api.server);
    const light = await signUp(api.server);
    await api.server.ctx.db.updateTable('users').set({ darkMode: 1, themeMode: null }).where('uid', '=', dark.uid).execute();
    await api.server.ctx.db.updateTable('users').set({ darkMode: 0, themeMode: null }).where('uid', '=', light.uid).execute();

    expect((await dark.client.get<{ user: UserRecord }>('/api/me')).body.user.themeMode).toBe('dark-blue');
    expect((await light.client.get<{ user: UserRecord }>('/api/me')).body.user.themeMode).toBe('light');
    const rows = await api.server.ctx.db.selectFrom('users').select(['uid', 'themeMode', 'darkMode']).where('uid', 'in', [dark.uid, light.uid]).execute();
    expect(rows.find((r) => r.uid === dark.uid)).toMatchObject({ themeMode: 'dark-blue', darkMode: null });
    expect(rows.find((r) => r.uid === light.uid)).toMatchObject({ themeMode: 'light', darkMode: null });
  });

  it('keeps a chosen themeMode over a leftover darkMode flag', async () => {
    const writer = await signUp(api.server);
    await api.server.ctx.db.updateTable('users').set({ darkMode: 1, themeMode: 'dark-gray' }).where('uid', '=', writer.uid).execute();
    expect((await writer.client.get<{ user: UserRecord }>('/api/me')).body.user.themeMode).toBe('dark-gray');
  });

  it('ignores unknown stored theme and colour values', async () => {
    const writer = await signUp(api.server);
    await api.server.ctx.db.updateTable('users').set({ themeMode: 'neon', colorTheme: 'plaid', profileIcon: 'Dragon' }).where('uid', '=', writer.uid).execute();
    const { user } = (await writer.client.get<{ user: UserRecord }>('/api/me')).body;
    expect(user).toMatchObject({ themeMode: null, colorTheme: 'blue', profileIcon: 'User' });
  });
});

describe.each(testDialects())('the tutorial, recorded on the account, on %s', (dialect) => {
  const api = useTestServer(dialect);

  type Me = { user: UserRecord };

  it('starts unrecorded, records the first time it opened by itself, and keeps that time', async () => {
    const writer = await signUp(api.server);
    expect((await writer.client.get<Me>('/api/me')).body.user.tutorialSeenAt).toBeNull();

    const first = await writer.client.send<Me>('POST', '/api/me/tutorial-seen');
    expect(first.status).toBe(200);
    const seenAt = first.body.user.tutorialSeenAt;
    expect(seenAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await writer.client.get<Me>('/api/me')).body.user.tutorialSeenAt).toBe(seenAt);

    // Another browser opening it at the same moment changes nothing.
    const again = await writer.client.send<Me>('POST', '/api/me/tutorial-seen');
    expect(again.status).toBe(200);
    expect(again.body.user.tutorialSeenAt).toBe(seenAt);
  });

  it('tells the person’s other tabs, so none of them opens it as well', async () => {
    const writer = await signUp(api.server);
    const stream = await openEventStream(writer.client);
    try {
      await writer.client.send('POST', '/api/me/tutorial-seen');
      const event = await stream.next('user.updated');
      expect((JSON.parse(event.data) as Me).user.tutorialSeenAt).not.toBeNull();
    } finally {
      stream.close();
    }
  });

  it('is for a signed-in person on this site only', async () => {
    expect((await api.server.client().send<ErrorBody>('POST', '/api/me/tutorial-seen')).body.error.code).toBe('unauthenticated');
    const writer = await signUp(api.server);
    const foreign = await writer.client.send<ErrorBody>('POST', '/api/me/tutorial-seen', undefined, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await writer.client.get<Me>('/api/me')).body.user.tutorialSeenAt).toBeNull();
  });
});
