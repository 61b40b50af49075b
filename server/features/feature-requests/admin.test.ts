import { describe, expect, it } from 'vitest';
import {
  FEATURE_REQUEST_PAGE_SIZE,
  adminFeatureRequestResponseSchema,
  myFeatureRequestsResponseSchema,
  type AdminFeatureRequestPage,
} from '@common/feature-requests/feature-requests';
import { testDialects } from '../../test/databases';
import { openEventStream } from '../../test/sse';
import { useTestServer } from '../../test/api-fixture';
import { ADMIN_EMAIL, signUp, signUpVerified } from '../../test/server';
import { limitKey } from '../../http/rate-limit';
import { LIMITS } from '../../http/limits';
import type { ErrorBody } from '../stories/test-support';
import { adminLogsOf, adminPage, countRows, respond, storedThread, submitRequest } from './test-support';

const BASE = '/api/admin/feature-requests';

describe.each(testDialects())('admin feature requests on %s', (dialect) => {
  const api = useTestServer(dialect, { people: { admin: { admin: true, name: 'Owner Admin' } } });

  const page = (query = '') => adminPage(api.admin.client, query);
  const adminLogs = (id: string) => adminLogsOf(api.server.ctx.db, id);

  it('refuses every admin route to guests (401) and writers (403) before reading the id or the body, and changes nothing', async () => {
    const writer = await signUpVerified(api.server);
    const request = await submitRequest(writer.client, 'Leave me alone');
    const guest = api.server.client();
    const before = await countRows(api.server.ctx.db, 'adminLogs');
    for (const id of [request.id, 'no-such-request', 'not an id!']) {
      const calls = [
        ['GET', BASE, undefined],
        ['GET', `${BASE}?status=bogus`, undefined],
        ['PATCH', `${BASE}/${encodeURIComponent(id)}/status`, { status: 'resolved' }],
        ['PATCH', `${BASE}/${encodeURIComponent(id)}/status`, { status: 'nonsense' }],
        ['POST', `${BASE}/${encodeURIComponent(id)}/responses`, { text: 'Hijacked' }],
        ['POST', `${BASE}/${encodeURIComponent(id)}/read`, {}],
        ['DELETE', `${BASE}/${encodeURIComponent(id)}`, undefined],
      ] as const;
      for (const [method, path, body] of calls) {
        const asGuest = await guest.send<ErrorBody>(method, path, body);
        expect([method, path, asGuest.status, asGuest.body.error.code]).toEqual([method, path, 401, 'unauthenticated']);
        const asWriter = await writer.client.send<ErrorBody>(method, path, body);
        expect([method, path, asWriter.status, asWriter.body.error]).toEqual([method, path, 403, { code: 'forbidden', message: 'Admins only.' }]);
      }
    }
    const stored = await storedThread(api.server.ctx.db, request.id);
    expect(stored.request).toMatchObject({ status: 'new', hasAdminResponse: 0 });
    expect(stored.responses).toEqual([]);
    expect(stored.conversations).toEqual([]);
    expect(await countRows(api.server.ctx.db, 'adminLogs')).toBe(before);
  });

  it('lists newest first with every filter’s count; a request with an unknown status counts as new', async () => {
    const writer = await signUp(api.server, { name: 'Grace Hopper' });
    const first = await submitRequest(writer.client, 'First idea');
    const second = await submitRequest(writer.client, 'Second idea');
    const third = await submitRequest(writer.client, 'Third idea');
    await api.server.ctx.db.updateTable('featureRequests').set({ status: 'someday' }).where('id', '=', first.id).execute();
    await api.admin.client.patch(`${BASE}/${third.id}/status`, { status: 'in-progress' });

    const all = await page();
    const ids = all.featureRequests.map((r) => r.id);
    expect(ids.indexOf(third.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const shown = all.featureRequests.find((r) => r.id === first.id)!;
    expect(shown).toMatchObject({
      text: 'First idea',
      status: 'new',
      user: { uid: writer.uid, displayName: 'Grace Hopper', email: writer.email },
      responses: [],
      responseCount: 0,
      hasUnreadUserReply: false,
      conversationId: null,
    });

    const rows = await api.server.ctx.db.selectFrom('featureRequests').select('status').execute();
    const known = ['in-progress', 'responded', 'resolved'];
    expect(all.counts).toEqual({
      all: rows.length,
      new: rows.filter((r) => !known.includes(r.status)).length,
      'in-progress': rows.filter((r) => r.status === 'in-progress').length,
      responded: rows.filter((r) => r.status === 'responded').length,
      resolved: rows.filter((r) => r.status === 'resolved').length,
    });
    const onlyNew = await page('?status=new');
    expect(onlyNew.featureRequests.map((r) => r.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(onlyNew.featureRequests.every((r) => r.status === 'new')).toBe(true);
    expect((await page('?status=in-progress')).featureRequests.map((r) => r.id)).toContain(third.id);
    expect((await page('?status=resolved')).featureRequests.map((r) => r.id)).not.toContain(third.id);
    expect(onlyNew.counts).toEqual(all.counts);
  });

  it('pages with a cursor that belongs to its filter, and refuses bad filters and cursors with 400', async () => {
    const writer = await signUp(api.server);
    const base = Date.parse('2020-01-01T00:00:00.000Z');
    const made = Array.from({ length: FEATURE_REQUEST_PAGE_SIZE + 5 }, (_, i) => {
      const at = new Date(base + i * 1000).toISOString();
      return { id: `paged-${String(i).padStart(3, '0')}`, text: `Paged ${i}`, userUid: writer.uid, userDisplayName: null, userEmail: writer.email, status: 'resolved', created_at: at, lastActivity: at, hasAdminResponse: 0 as const };
    });
    await api.server.ctx.db.insertInto('featureRequests').values(made).execute();

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next: AdminFeatureRequestPage = await page(`?status=resolved${cursor ? `&cursor=${cursor}` : ''}`);
      expect(next.featureRequests.length).toBeLessThanOrEqual(FEATURE_REQUEST_PAGE_SIZE);
      seen.push(...next.featureRequests.map((r) => r.id));
      cursor = next.nextCursor;
    } while (cursor);
    const resolved = await api.server.ctx.db.selectFrom('featureRequests').select(['id', 'created_at']).where('status', '=', 'resolved').execute();
    const expected = resolved.sort((a, b) => (a.created_at === b.created_at ? b.id.localeCompare(a.id) : b.created_at.localeCompare(a.created_at))).map((r) => r.id);
    expect(seen).toEqual(expected);
    expect(seen).toEqual(expect.arrayContaining(made.map((m) => m.id)));

    const first = await page('?status=resolved');
    expect(first.nextCursor).not.toBeNull();
    // A cursor from the resolved list means nothing in another list.
    for (const query of [`?status=all&cursor=${first.nextCursor}`, '?cursor=bm90LWpzb24', '?cursor=%00', '?status=bogus', `?cursor=${'A'.repeat(501)}`]) {
      const res = await api.admin.client.get<ErrorBody>(`${BASE}${query}`);
      expect([query, res.status]).toEqual([query, 400]);
    }
  });

  it('changes the status and lastActivity with an admin log and live events; the same status again changes nothing', async () => {
    const writer = await signUp(api.server);
    const request = await submitRequest(writer.client, 'Status please');
    const adminStream = await openEventStream(api.admin.client);
    const writerStream = await openEventStream(writer.client);
    try {
      const res = await api.admin.client.patch(`${BASE}/${request.id}/status`, { status: 'in-progress' });
      expect(res.status).toBe(200);
      const { featureRequest } = adminFeatureRequestResponseSchema.parse(res.body);
      expect(featureRequest).toMatchObject({ id: request.id, status: 'in-progress', responseCount: 0 });
      expect(featureRequest.lastActivity > request.lastActivity).toBe(true);
      expect(JSON.parse((await adminStream.next('featureRequest.changed')).data)).toEqual({ featureRequestId: request.id });
      expect(JSON.parse((await writerStream.next('featureRequest.changed')).data)).toEqual({ featureRequestId: request.id });
    } finally {
      adminStream.close();
      writerStream.close();
    }
    const logs = await adminLogs(request.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ action: 'feature_request_status', target: `featureRequests/${request.id}` });
    expect(JSON.parse(logs[0]!.details!)).toEqual({ from: 'new', to: 'in-progress' });
    expect(JSON.parse(logs[0]!.user ?? 'null')).toMatchObject({ uid: api.admin.uid, email: ADMIN_EMAIL });

    const events = await countRows(api.server.ctx.db, 'liveEvents');
    const again = await api.admin.client.patch(`${BASE}/${request.id}/status`, { status: 'in-progress' });
    expect(again.status).toBe(200);
    expect(await adminLogs(request.id)).toHaveLength(1);
    expect(await countRows(api.server.ctx.db, 'liveEvents')).toBe(events);

    for (const status of ['responded', 'resolved', 'new'] as const) {
      const changed = adminFeatureRequestResponseSchema.parse((await api.admin.client.patch(`${BASE}/${request.id}/status`, { status })).body);
      expect(changed.featureRequest.status).toBe(status);
    }
    expect((await adminLogs(request.id)).map((l) => JSON.parse(l.details!))).toEqual([
      { from: 'new', to: 'in-progress' },
      { from: 'in-progress', to: 'responded' },
      { from: 'responded', to: 'resolved' },
      { from: 'resolved', to: 'new' },
    ]);
  });

  it('refuses unknown statuses and bodies with 400 and unknown requests with 404', async () => {
    const writer = await signUp(api.server);
    const request = await submitRequest(writer.client);
    for (const body of [{ status: 'done' }, {}, { status: 'resolved', extra: 1 }, { status: null }, 'resolved']) {
      const res = await api.admin.client.patch<ErrorBody>(`${BASE}/${request.id}/status`, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    }
    const notJson = await api.admin.client.raw('PATCH', `${BASE}/${request.id}/status`, { body: '{', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    const missing = await api.admin.client.patch<ErrorBody>(`${BASE}/00000000-0000-0000-0000-000000000000/status`, { status: 'resolved' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Feature request not found');
    expect((await api.admin.client.patch(`${BASE}/${encodeURIComponent('bad id!')}/status`, { status: 'resolved' })).status).toBe(404);
    expect((await storedThread(api.server.ctx.db, request.id)).request?.status).toBe('new');
  });

  it('answers 429 once the admin-writes limit is used up, before changing anything', async () => {
    const writer = await signUp(api.server);
    const request = await submitRequest(writer.client);
    const key = limitKey('adminWrites', { uid: api.admin.uid });
    await api.server.ctx.db
      .insertInto('rateLimits')
      .values({ key, count: LIMITS.adminWrites.max, resetAt: Date.now() + 60_000 })
      .onConflict((oc) => oc.column('key').doUpdateSet({ count: LIMITS.adminWrites.max, resetAt: Date.now() + 60_000 }))
      .execute();
    try {
      const res = await api.admin.client.patch<ErrorBody>(`${BASE}/${request.id}/status`, { status: 'resolved' });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await api.admin.client.post(`${BASE}/${request.id}/responses`, { text: 'Too many' })).status).toBe(429);
      // Reading the list is not a write.
      expect((await api.admin.client.get(BASE)).status).toBe(200);
    } finally {
      await api.server.ctx.db.deleteFrom('rateLimits').where('key', '=', key).execute();
    }
    const stored = await storedThread(api.server.ctx.db, request.id);
    expect(stored.request?.status).toBe('new');
    expect(stored.responses).toEqual([]);
  });

  it('deletes a request with its responses and thread, logs it, and tells admins and the requester', async () => {
    const writer = await signUp(api.server, { name: 'Gone Soon' });
    const request = await submitRequest(writer.client, 'Delete me');
    const answered = await respond(api.admin.client, request.id, 'Will do');
    const writerStream = await openEventStream(writer.client);
    try {
      const res = await api.admin.client.delete(`${BASE}/${request.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ deleted: true });
      expect(JSON.parse((await writerStream.next('conversation.changed')).data)).toEqual({ conversationId: answered.conversationId });
      expect(JSON.parse((await writerStream.next('featureRequest.changed')).data)).toEqual({ featureRequestId: request.id });
    } finally {
      writerStream.close();
    }
    const stored = await storedThread(api.server.ctx.db, request.id);
    expect(stored.request).toBeUndefined();
    expect(stored.responses).toEqual([]);
    expect(stored.conversations).toEqual([]);
    const leftovers = await api.server.ctx.db.selectFrom('conversationMessages').select('id').where('conversationId', '=', answered.conversationId!).execute();
    expect(leftovers).toEqual([]);
    expect((await writer.client.get(`/api/conversations/${answered.conversationId}`)).status).toBe(404);

    const log = (await adminLogs(request.id)).at(-1)!;
    expect(log.action).toBe('feature_request_deleted');
    expect(JSON.parse(log.details!)).toEqual({
      requester: { uid: writer.uid, displayName: 'Gone Soon', email: writer.email },
      status: 'responded',
      created_at: request.created_at,
      responseCount: 1,
      conversationId: answered.conversationId,
    });
    expect((await page()).featureRequests.map((r) => r.id)).not.toContain(request.id);
    const again = await api.admin.client.delete<ErrorBody>(`${BASE}/${request.id}`);
    expect([again.status, again.body.error.message]).toEqual([404, 'Feature request not found']);
  });

  it('marks a request read and deletes it at the same moment without failing: the read waits for the delete, or the delete for the read', async () => {
    const writer = await signUp(api.server, { name: 'Unread Replies' });
    for (let round = 0; round < 12; round++) {
      const request = await submitRequest(writer.client, `Race ${round}`);
      const answered = await respond(api.admin.client, request.id, 'Thanks');
      // The requester answers in the thread, so the admin has something to mark read.
      expect((await writer.client.post(`/api/conversations/${answered.conversationId}/messages`, { text: 'One more thing' })).status).toBe(201);
      const [read, deleted] = await Promise.all([api.admin.client.post(`${BASE}/${request.id}/read`, {}), api.admin.client.delete(`${BASE}/${request.id}`)]);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect([200, 404], JSON.stringify(read.body)).toContain(read.status);
      expect((await storedThread(api.server.ctx.db, request.id)).conversations).toEqual([]);
    }
  });

  it('shows a writer their own requests with status, response count and thread, and nobody else’s', async () => {
    const writer = await signUp(api.server);
    const other = await signUp(api.server);
    const older = await submitRequest(writer.client, 'Older');
    const newer = await submitRequest(writer.client, 'Newer');
    await submitRequest(other.client, 'Not yours');
    const answered = await respond(api.admin.client, older.id, 'Noted');
    await api.admin.client.patch(`${BASE}/${newer.id}/status`, { status: 'in-progress' });

    const res = await writer.client.get('/api/feature-requests/mine');
    expect(res.status).toBe(200);
    const { featureRequests } = myFeatureRequestsResponseSchema.parse(res.body);
    expect(featureRequests.map((r) => [r.text, r.status, r.responseCount, r.conversationId])).toEqual([
      ['Newer', 'in-progress', 0, null],
      ['Older', 'responded', 1, answered.conversationId],
    ]);
    expect(featureRequests.every((r) => r.user.uid === writer.uid)).toBe(true);
    expect((await api.server.client().get('/api/feature-requests/mine')).status).toBe(401);
  });
});
