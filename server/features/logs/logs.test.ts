import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '@common/account/account';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp } from '../../test/server';
import { LIMITS } from '../../http/limits';
import { GUEST_EVENT_REFUSED } from './routes';
import { pruneOldLogs } from './retention';

type ErrorBody = { error: { code: string; message: string } };

describe.each(testDialects())('POST /api/logs on %s', (dialect) => {
  // Guests are counted per address: tests play several through the proxy header.
  const api = useTestServer(dialect, { env: { TRUSTED_PROXY_HEADER: 'x-forwarded-for' } });

  it('records a signed-in event as activity with the session user and redacted details', async () => {
    const writer = await signUp(api.server);
    const res = await writer.client.post('/api/logs', {
      type: 'theme_mode_changed',
      details: { from: 'light', to: 'dark-blue', nested: { message: 'hello there', list: [{ title: 'My story' }] } },
    });
    expect(res.status).toBe(204);
    const row = await api.server.ctx.db.selectFrom('activityLogs').selectAll().where('userId', '=', writer.uid).executeTakeFirstOrThrow();
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
    const res = await api.server.client().post('/api/logs', { type: 'error_boundary', level: 'error', message: 'boom', stack: 'Error: boom\n at x' });
    expect(res.status).toBe(204);
    const row = await api.server.ctx.db.selectFrom('systemLogs').selectAll().where('type', '=', 'error_boundary').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ level: 'error', message: 'boom', stack: 'Error: boom\n at x', user: null, source: 'web' });
  });

  it('answers bad input with 400 and stores nothing', async () => {
    const writer = await signUp(api.server);
    for (const body of [{}, { type: 'Bad Type' }, { type: 'x', level: 'fatal' }, { type: 'x', timestamp: '1999-01-01' }, { type: 'x', details: 'text' }, { type: 'x', details: { big: 'y'.repeat(9000) } }]) {
      const res = await writer.client.post<{ error: { code: string } }>('/api/logs', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    const res = await writer.client.raw('POST', '/api/logs', { body: 'not json', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    const rows = await api.server.ctx.db.selectFrom('activityLogs').select('id').where('userId', '=', writer.uid).execute();
    expect(rows).toHaveLength(0);
  });

  it('refuses oversized events with 413', async () => {
    const writer = await signUp(api.server);
    const res = await writer.client.raw('POST', '/api/logs', { body: JSON.stringify({ type: 'x', message: 'y'.repeat(20_000) }), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
  });

  // A signed-in user's burst: server/http/limits.test.ts.

  const guestReport = (from: string, message: string) =>
    api.server.client().send<ErrorBody | null>('POST', '/api/logs', { type: 'error_boundary', level: 'error', message }, { 'x-forwarded-for': from });
  const storedReports = async (message: string) =>
    (await api.server.ctx.db.selectFrom('systemLogs').select('id').where('type', '=', 'error_boundary').where('message', '=', message).execute()).length;

  it('refuses a signed-out visitor any event but error_boundary, with 401 and a clear message, storing nothing', async () => {
    for (const body of [{ type: 'color_theme_selected', details: { color: 'teal' } }, { type: 'tutorial_closed' }, { type: 'guest_probe', level: 'error' }]) {
      const res = await api.server.client().send<ErrorBody>('POST', '/api/logs', body, { 'x-forwarded-for': '203.0.113.7' });
      expect(res.status, body.type).toBe(401);
      expect(res.body).toEqual({ error: { code: 'unauthenticated', message: GUEST_EVENT_REFUSED } });
    }
    const stored = await api.server.ctx.db.selectFrom('activityLogs').select('id').where('type', 'in', ['color_theme_selected', 'tutorial_closed']).execute();
    expect(stored).toHaveLength(0);
    expect((await api.server.ctx.db.selectFrom('systemLogs').select('id').where('type', '=', 'guest_probe').execute())).toHaveLength(0);
  });

  it('lets a burst of guest error reports from one address store exactly LIMITS.guestErrorLogs.max; other addresses still report', async () => {
    const max = LIMITS.guestErrorLogs.max;
    const answers = await Promise.all(Array.from({ length: 100 }, () => guestReport('198.51.100.20', 'burst from one address')));
    expect(answers.filter((a) => a.status === 204)).toHaveLength(max);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(100 - max);
    for (const answer of refused) {
      expect(answer.body).toEqual({ error: { code: 'rate_limited', message: ACCOUNT_TEXTS.tooOften } });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await storedReports('burst from one address')).toBe(max);
    expect((await guestReport('198.51.100.21', 'from next door')).status).toBe(204);
    // A signed-in user is counted on their own, not by the address they share.
    const writer = await signUp(api.server);
    const res = await writer.client.send('POST', '/api/logs', { type: 'error_boundary', level: 'error', message: 'signed in' }, { 'x-forwarded-for': '198.51.100.20' });
    expect(res.status).toBe(204);
  });

  it('counts IPv6 guests by their /64', async () => {
    const max = LIMITS.guestErrorLogs.max;
    const answers = await Promise.all(Array.from({ length: max + 5 }, (_, i) => guestReport(`2001:db8:5:6::${(i + 1).toString(16)}`, 'one household')));
    expect(answers.filter((a) => a.status === 204)).toHaveLength(max);
    expect((await guestReport('2001:db8:5:7::1', 'another household')).status).toBe(204);
  });
});

describe.each(testDialects())('log retention on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { LOG_RETENTION_DAYS: '30' } });

  const DAY = 24 * 60 * 60 * 1000;
  const base = { type: 'retention_check', action: null, user: null, resource: null, details: null, level: 'info', source: 'server', ip: null, userAgent: null, stack: null, message: null };

  it('deletes systemLogs and activityLogs older than LOG_RETENTION_DAYS, keeps newer ones and every adminLog', async () => {
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    const ages = { old: 31, edge: 29.99, fresh: 0 };
    for (const [name, daysAgo] of Object.entries(ages)) {
      await api.server.ctx.db.insertInto('systemLogs').values({ ...base, id: `sys-${name}`, timestamp: at(daysAgo) }).execute();
      await api.server.ctx.db.insertInto('activityLogs').values({ ...base, id: `act-${name}`, timestamp: at(daysAgo), userId: null }).execute();
      await api.server.ctx.db.insertInto('adminLogs').values({ id: `adm-${name}`, user: null, action: 'retention_check', target: null, details: null, timestamp: at(daysAgo + 365) }).execute();
    }
    expect(api.server.config.logRetentionDays).toBe(30);

    const pruned = await pruneOldLogs(api.server.ctx.db, api.server.config.logRetentionDays, now);
    expect(pruned).toEqual({ systemLogs: 1, activityLogs: 1 });
    const ids = async (table: 'systemLogs' | 'activityLogs' | 'adminLogs') =>
      (await api.server.ctx.db.selectFrom(table).select('id').where('id', 'like', '%-%').execute()).map((r) => r.id).sort();
    expect(await ids('systemLogs')).toEqual(['sys-edge', 'sys-fresh']);
    expect(await ids('activityLogs')).toEqual(['act-edge', 'act-fresh']);
    expect(await ids('adminLogs')).toEqual(['adm-edge', 'adm-fresh', 'adm-old']);

    // Run again later: the edge row has aged past the limit.
    expect(await pruneOldLogs(api.server.ctx.db, api.server.config.logRetentionDays, now + DAY)).toEqual({ systemLogs: 1, activityLogs: 1 });
  });
});
