import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { signUp, startTestServer, type TestServer } from '../../test/server';

describe.each(testDialects())('POST /api/logs on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('records a signed-in event as activity with the session user and redacted details', async () => {
    const writer = await signUp(server);
    const res = await writer.client.post('/api/logs', {
      type: 'theme_mode_changed',
      details: { from: 'light', to: 'dark-blue', nested: { message: 'hello there', list: [{ title: 'My story' }] } },
    });
    expect(res.status).toBe(204);
    const row = await server.ctx.db.selectFrom('activityLogs').selectAll().where('userId', '=', writer.uid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 'theme_mode_changed', level: 'info', source: 'web', userId: writer.uid });
    expect(JSON.parse(row.user!)).toMatchObject({ uid: writer.uid, email: writer.email });
    expect(JSON.parse(row.details!)).toEqual({
      from: 'light',
      to: 'dark-blue',
      nested: { message: '[redacted: 11 chars]', list: [{ title: '[redacted: 8 chars]' }] },
    });
    expect(Date.parse(row.timestamp)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records errors in systemLogs, also for signed-out visitors', async () => {
    const res = await server.client().post('/api/logs', { type: 'error_boundary', level: 'error', message: 'boom', stack: 'Error: boom\n at x' });
    expect(res.status).toBe(204);
    const row = await server.ctx.db.selectFrom('systemLogs').selectAll().where('type', '=', 'error_boundary').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ level: 'error', message: 'boom', stack: 'Error: boom\n at x', user: null, source: 'web' });
  });

  it('answers bad input with 400 and stores nothing', async () => {
    const writer = await signUp(server);
    for (const body of [{}, { type: 'Bad Type' }, { type: 'x', level: 'fatal' }, { type: 'x', timestamp: '1999-01-01' }, { type: 'x', details: 'text' }, { type: 'x', details: { big: 'y'.repeat(9000) } }]) {
      const res = await writer.client.post<{ error: { code: string } }>('/api/logs', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    const res = await writer.client.raw('POST', '/api/logs', { body: 'not json', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    const rows = await server.ctx.db.selectFrom('activityLogs').select('id').where('userId', '=', writer.uid).execute();
    expect(rows).toHaveLength(0);
  });

  it('refuses oversized events with 413', async () => {
    const writer = await signUp(server);
    const res = await writer.client.raw('POST', '/api/logs', { body: JSON.stringify({ type: 'x', message: 'y'.repeat(20_000) }), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
  });

  it('rate-limits a flood of events', async () => {
    const writer = await signUp(server);
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) statuses.push((await writer.client.post('/api/logs', { type: 'tutorial_step' })).status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(120);
    expect(statuses.at(-1)).toBe(429);
  });
});
