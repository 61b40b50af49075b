import { describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { failWritesTo } from '../../test/failing-writes';
import { signUp } from '../../test/server';
import { useTestServer } from '../../test/api-fixture';
import { ADMIN_EMAIL, signUpVerified } from '../../test/server';
import { openEventStream } from '../../test/sse';

describe.each(testDialects())('feature requests on %s', (dialect) => {
  const api = useTestServer(dialect);

  it('stores the trimmed text as a new request from the session user, with a log entry and an admin notification', async () => {
    const writer = await signUp(api.server, { name: 'Ada Lovelace' });
    const text = `  Please add a dark mode for the editor. ${'x'.repeat(100)}  `;
    const res = await writer.client.post<{ featureRequest: { id: string; text: string; status: string; user: { uid: string } } }>(
      '/api/feature-requests',
      // A forged user in the body is ignored: the session decides who asked.
      { text, user: { uid: 'someone-else' } },
    );
    expect(res.status).toBe(201);
    const { featureRequest } = res.body;
    expect(featureRequest).toMatchObject({ text: text.trim(), status: 'new', user: { uid: writer.uid } });

    const row = await api.server.ctx.db.selectFrom('featureRequests').selectAll().where('id', '=', featureRequest.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ text: text.trim(), userUid: writer.uid, userDisplayName: 'Ada Lovelace', userEmail: writer.email, status: 'new', hasAdminResponse: 0 });

    const note = await api.server.ctx.db.selectFrom('notifications').selectAll().where('data', 'like', '%dark mode for the editor%').executeTakeFirstOrThrow();
    expect(note).toMatchObject({ to: 'admin', type: 'feature_request', message: text.trim().slice(0, 80), link: '/admin/feature-requests', read: 0 });
    expect(JSON.parse(note.data!)).toEqual({ text: text.trim() });

    const log = await api.server.ctx.db.selectFrom('systemLogs').selectAll().where('resource', '=', `featureRequests/${featureRequest.id}`).executeTakeFirstOrThrow();
    expect(log.type).toBe('feature_request');
    // The log never holds what was written, only its length.
    expect(JSON.parse(log.details!)).toEqual({ text: `[redacted: ${text.trim().length} chars]` });
  });

  it('refuses an empty suggestion with the spec message and writes nothing', async () => {
    const writer = await signUp(api.server);
    const before = await api.server.ctx.db.selectFrom('featureRequests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const body of [{ text: '   \n ' }, { text: '' }, {}, { text: 42 }]) {
      const res = await writer.client.post<{ error: { code: string; message: string } }>('/api/feature-requests', body);
      expect(res.status).toBe(400);
    }
    const empty = await writer.client.post<{ error: { message: string } }>('/api/feature-requests', { text: '  ' });
    expect(empty.body.error.message).toBe('text: Please enter a feature suggestion.');
    const after = await api.server.ctx.db.selectFrom('featureRequests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('requires sign-in', async () => {
    expect((await api.server.client().post('/api/feature-requests', { text: 'hello' })).status).toBe(401);
  });

  it('writes all three rows or none', async () => {
    const writer = await signUp(api.server);
    // Break the last of the three writes: the request and its log must roll back with it.
    await failWritesTo(api.server.ctx.db, dialect, 'notifications', true);
    try {
      const res = await writer.client.post('/api/feature-requests', { text: 'atomic please' });
      expect(res.status).toBe(500);
    } finally {
      await failWritesTo(api.server.ctx.db, dialect, 'notifications', false);
    }
    const stored = await api.server.ctx.db.selectFrom('featureRequests').select('id').where('text', '=', 'atomic please').execute();
    expect(stored).toHaveLength(0);
    const logs = await api.server.ctx.db.selectFrom('systemLogs').select('id').where('type', '=', 'feature_request').where('user', 'like', `%${writer.uid}%`).execute();
    expect(logs).toHaveLength(0);
  });

  it('tells open admin tabs about the new request', async () => {
    const admin = await signUpVerified(api.server, { email: ADMIN_EMAIL });
    const stream = await openEventStream(admin.client);
    const writer = await signUp(api.server);
    await writer.client.post('/api/feature-requests', { text: 'Notify the admins' });
    const msg = await stream.next('notification.created');
    expect(JSON.parse(msg.data).notification).toMatchObject({ to: 'admin', message: 'Notify the admins', link: '/admin/feature-requests', read: false });
    stream.close();
  });
});
