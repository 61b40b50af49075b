import Papa from 'papaparse';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { auditPageSchema, auditTypesSchema, type AuditEntry, type AuditPage } from '@common/admin/admin';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import type { ErrorBody } from '../stories/test-support';
import { AUDIT_CSV_COLUMNS } from './audit-csv';
import { insertAdminLog, recordSystemEvent } from '../../shared/audit-log';
import { adminAndWriter, expectAdminsOnly, randomId, type AdminTestPeople } from './test-support';

describe.each(testDialects())('admin audit log on %s', (dialect) => {
  let people: AdminTestPeople;

  const api = useTestServer(dialect);
  beforeAll(async () => {
    people = await adminAndWriter(api.server);
  });

  async function audit(query: string): Promise<AuditPage> {
    const res = await people.admin.client.get(`/api/admin/audit?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return auditPageSchema.parse(res.body);
  }

  /** Every entry matching the query, page after page. */
  async function everyPage(query: string): Promise<{ entries: AuditEntry[]; pages: number }> {
    const entries: AuditEntry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: AuditPage = await audit(cursor ? `${query}&cursor=${cursor}` : query);
      entries.push(...page.entries);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    return { entries, pages };
  }

  const user = (uid: string, email: string, displayName: string | null = null) => JSON.stringify({ uid, displayName, email });

  async function adminLog(timestamp: string, action: string, fields: { user?: string | null; target?: string | null; details?: unknown } = {}) {
    const id = randomId();
    await api.server.ctx.db
      .insertInto('adminLogs')
      .values({ id, timestamp, action, user: fields.user ?? null, target: fields.target ?? null, details: fields.details === undefined ? null : JSON.stringify(fields.details) })
      .execute();
    return id;
  }

  async function systemLog(timestamp: string, type: string, fields: { user?: string | null; resource?: string | null; level?: string } = {}) {
    const id = randomId();
    await api.server.ctx.db
      .insertInto('systemLogs')
      .values({ id, timestamp, type, action: 'act', user: fields.user ?? null, resource: fields.resource ?? null, details: null, level: fields.level ?? 'info', source: 'server', ip: null, userAgent: null, stack: null, message: null })
      .execute();
    return id;
  }

  it('is for admins only on every route: 401 for a guest, 403 for a writer', async () => {
    await expectAdminsOnly(api.server, people.writer, 'GET', '/api/admin/audit');
    await expectAdminsOnly(api.server, people.writer, 'GET', '/api/admin/audit?source=admin&type=x&from=2025-01-01');
    await expectAdminsOnly(api.server, people.writer, 'GET', '/api/admin/audit/export');
    await expectAdminsOnly(api.server, people.writer, 'GET', '/api/admin/audit/types');
  });

  it('refuses filters it cannot read with a 400, never a 500', async () => {
    const refused: Array<[string, string]> = [
      ['source=everything', 'source: source must be all, admin or system.'],
      ['type=two%20words', 'type: Type may hold letters, digits and _ . : - only.'],
      ['from=2025-02-30', 'from: Dates are YYYY-MM-DD.'],
      ['to=yesterday', 'to: Dates are YYYY-MM-DD.'],
      ['from=2025-03-02&to=2025-03-01', 'from: The start date must not be after the end date.'],
      ['user=%00', 'user: User contains characters that are not allowed.'],
      [`user=${'a'.repeat(255)}`, 'user: User must be at most 254 characters.'],
      ['cursor=not%20base64', 'cursor: This list has changed. Please reload it.'],
    ];
    for (const [query, message] of refused) {
      for (const path of ['/api/admin/audit', '/api/admin/audit/export']) {
        if (path.endsWith('export') && query.startsWith('cursor')) continue;
        const res = await people.admin.client.get<ErrorBody>(`${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.body.error.message).toBe(message);
      }
    }
    const forged = await people.admin.client.get<ErrorBody>(`/api/admin/audit?cursor=${Buffer.from('{"k":"comments"}').toString('base64url')}`);
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('invalid_cursor');
  });

  it('filters by source, type, user (uid, or part of the email in any case) and date range', async () => {
    const ada = user('adaUid01', 'Ada.Lovelace@Example.com', 'Ada');
    const bob = user('bobUid02', 'bob@example.org', 'Bob');
    const greeting = await adminLog('2025-04-10T09:00:00.000Z', 'greeting_created', { user: ada, target: 'greetings/1' });
    const status = await adminLog('2025-04-12T09:00:00.000Z', 'feature_request_status', { user: bob, target: 'featureRequests/1' });
    const login = await systemLog('2025-04-11T23:59:59.999Z', 'audit_login', { user: ada, resource: 'sessions/1', level: 'warn' });
    const other = await systemLog('2025-04-13T00:00:00.000Z', 'audit_login', { user: bob });

    const ids = (page: AuditPage) => page.entries.map((e) => e.id);
    const april = 'from=2025-04-01&to=2025-04-30';
    expect(ids(await audit(april))).toEqual([other, status, login, greeting]);
    expect(ids(await audit(`${april}&source=admin`))).toEqual([status, greeting]);
    expect(ids(await audit(`${april}&source=system`))).toEqual([other, login]);
    expect(ids(await audit(`${april}&type=audit_login`))).toEqual([other, login]);
    expect(ids(await audit(`${april}&type=greeting_created&source=system`))).toEqual([]);
    expect(ids(await audit(`${april}&user=adaUid01`))).toEqual([login, greeting]);
    expect(ids(await audit(`${april}&user=adaUid0`))).toEqual([]);
    expect(ids(await audit(`${april}&user=LOVELACE@example`))).toEqual([login, greeting]);
    expect(ids(await audit(`${april}&user=example.org`))).toEqual([other, status]);
    // LIKE's wildcards are taken literally.
    expect(ids(await audit(`${april}&user=%25`))).toEqual([]);
    expect(ids(await audit(`${april}&user=_`))).toEqual([]);
    // Both ends of the range are whole UTC days.
    expect(ids(await audit('from=2025-04-11&to=2025-04-12'))).toEqual([status, login]);
    expect(ids(await audit('from=2025-04-13&to=2025-04-13'))).toEqual([other]);

    const [first] = (await audit('from=2025-04-11&to=2025-04-11')).entries;
    expect(first).toEqual({
      id: login, source: 'system', timestamp: '2025-04-11T23:59:59.999Z', type: 'audit_login', action: 'act',
      user: { uid: 'adaUid01', displayName: 'Ada', email: 'Ada.Lovelace@Example.com' }, target: 'sessions/1', details: null, level: 'warn', message: null,
    });
    const [adminEntry] = (await audit('from=2025-04-12&to=2025-04-12')).entries;
    expect(adminEntry).toMatchObject({ id: status, source: 'admin', type: 'feature_request_status', action: null, target: 'featureRequests/1', level: 'info' });

    const types = auditTypesSchema.parse((await people.admin.client.get('/api/admin/audit/types')).body).types;
    expect(types).toEqual(expect.arrayContaining(['audit_login', 'feature_request_status', 'greeting_created']));
    expect(types).toEqual([...new Set(types)].sort());
  });

  it('pages newest first across both logs without repeating or skipping, ties included', async () => {
    const expected: Array<{ id: string; timestamp: string; source: 'admin' | 'system' }> = [];
    // 130 entries over 40 timestamps: many share a timestamp, within a log and across the two.
    for (let i = 0; i < 130; i++) {
      const timestamp = new Date(Date.parse('2024-06-01T00:00:00.000Z') + (i % 40) * 60_000).toISOString();
      const source = i % 3 === 0 ? 'admin' : 'system';
      const id = source === 'admin' ? await adminLog(timestamp, 'paging_test') : await systemLog(timestamp, 'paging_test');
      expected.push({ id, timestamp, source });
    }
    const { entries, pages } = await everyPage('type=paging_test');
    expect(pages).toBe(3);
    expect(entries).toHaveLength(130);
    expect(new Set(entries.map((e) => e.id))).toEqual(new Set(expected.map((e) => e.id)));
    for (let i = 1; i < entries.length; i++) {
      const [a, b] = [entries[i - 1]!, entries[i]!];
      expect(a.timestamp >= b.timestamp).toBe(true);
      if (a.timestamp === b.timestamp) expect(a.source >= b.source).toBe(true);
    }
    const admins = await everyPage('type=paging_test&source=admin');
    expect(admins.entries.map((e) => e.id).sort()).toEqual(expected.filter((e) => e.source === 'admin').map((e) => e.id).sort());
  });

  it('lists entries written within one millisecond newest first, in the order they were written', async () => {
    const admin = { uid: people.admin.uid, displayName: null, email: 'same-ms@example.com' };
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2024-07-01T12:00:00.000Z') });
    try {
      for (let i = 0; i < 12; i++) {
        await insertAdminLog(api.server.ctx.db, { admin, action: 'same_ms_test', target: `step/${i}` });
        await recordSystemEvent(api.server.ctx.db, api.server.ctx.logger, { type: 'same_ms_test', resource: `step/${i}` });
      }
    } finally {
      vi.useRealTimers();
    }
    const written = Array.from({ length: 12 }, (_, i) => `step/${i}`);
    for (const source of ['admin', 'system']) {
      const { entries } = await everyPage(`type=same_ms_test&source=${source}`);
      expect(entries.map((e) => e.target)).toEqual([...written].reverse());
    }
  });

  it('never shows what people wrote: a feature request’s text stays redacted in the list and the export', async () => {
    const text = 'A secret plan for a collaborative story mode nobody should read in the logs';
    const created = await people.writer.client.post<{ featureRequest: { id: string } }>('/api/feature-requests', { text });
    expect(created.status).toBe(201);
    const page = await audit(`type=feature_request&user=${people.writer.uid}`);
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({ source: 'system', target: `featureRequests/${created.body.featureRequest.id}`, details: { text: `[redacted: ${text.length} chars]` } });
    expect(JSON.stringify(page)).not.toContain('secret plan');

    const csv = await people.admin.client.raw('GET', `/api/admin/audit/export?type=feature_request&user=${encodeURIComponent(people.writer.email)}`);
    const body = await csv.text();
    expect(body).toContain(`[redacted: ${text.length} chars]`);
    expect(body).not.toContain('secret plan');
  });

  it('exports the filtered entries as a CSV attachment that spreadsheets cannot run', async () => {
    const evil = user('evilUid', 'evil@example.com', '=HYPERLINK("http://x.test","click")');
    const ids = [
      await adminLog('2023-01-05T10:00:00.000Z', 'csv_test', { user: evil, target: '+1+2', details: { note: 'fine' } }),
      await adminLog('2023-01-05T11:00:00.000Z', 'csv_test', { user: evil, target: '-3' }),
      await adminLog('2023-01-05T12:00:00.000Z', 'csv_test', { user: evil, target: '@SUM(A1)' }),
      await adminLog('2023-01-05T13:00:00.000Z', 'csv_test', { user: evil, target: '=1+1\nsecond line, with "quotes"' }),
      await adminLog('2023-01-05T14:00:00.000Z', 'csv_test', { user: evil, target: '\t=cmd' }),
    ];
    const res = await people.admin.client.raw('GET', '/api/admin/audit/export?type=csv_test&source=admin&from=2023-01-01&to=2023-01-31');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="drabble-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const parsed = Papa.parse<string[]>(await res.text(), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [header, ...rows] = parsed.data;
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(rows).toHaveLength(5);
    const column = (name: (typeof AUDIT_CSV_COLUMNS)[number]) => rows.map((row) => row[AUDIT_CSV_COLUMNS.indexOf(name)]);
    expect(column('timestamp')).toEqual(['14', '13', '12', '11', '10'].map((h) => `2023-01-05T${h}:00:00.000Z`));
    expect(column('target')).toEqual(["'\t=cmd", `'=1+1\nsecond line, with "quotes"`, "'@SUM(A1)", "'-3", "'+1+2"]);
    expect(new Set(column('userDisplayName'))).toEqual(new Set([`'=HYPERLINK("http://x.test","click")`]));
    expect(column('userEmail')[0]).toBe('evil@example.com');
    expect(column('details')[4]).toBe('{"note":"fine"}');
    expect(column('source')).toEqual(Array(5).fill('admin'));
    expect(ids).toHaveLength(5);

    const none = await people.admin.client.raw('GET', '/api/admin/audit/export?type=nothing_like_this');
    expect((await none.text()).trim()).toBe(AUDIT_CSV_COLUMNS.join(','));
  });
});
