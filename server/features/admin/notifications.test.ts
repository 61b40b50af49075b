import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationPageSchema, unreadCountSchema, type NotificationPage } from '@common/admin/admin';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUpVerified } from '../../test/server';
import { openEventStream } from '../../test/sse';
import type { ErrorBody } from '../stories/test-support';
import { adminAndWriter, expectAdminsOnly, randomId, type AdminTestPeople } from './test-support';

describe.each(testDialects())('admin notifications on %s', (dialect) => {
  let people: AdminTestPeople;

  const api = useTestServer(dialect);
  beforeAll(async () => {
    people = await adminAndWriter(api.server);
  });
  beforeEach(async () => {
    await api.server.ctx.db.deleteFrom('notifications').execute();
  });

  async function page(cursor?: string): Promise<NotificationPage> {
    const res = await people.admin.client.get(`/api/admin/notifications${cursor ? `?cursor=${cursor}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return notificationPageSchema.parse(res.body);
  }

  /** `count` unread notifications, a second apart, the last newest; their ids oldest first. */
  async function insertNotifications(count: number, sameTime = false): Promise<string[]> {
    const base = Date.parse('2025-03-01T10:00:00.000Z');
    const rows = Array.from({ length: count }, (_, i) => ({
      id: randomId(),
      to: 'admin',
      type: 'feature_request',
      message: `Idea ${i}`,
      link: '/admin/feature-requests',
      read: 0 as const,
      created_at: new Date(base + (sameTime ? 0 : i * 1000)).toISOString(),
      data: JSON.stringify({ text: `Idea ${i}` }),
    }));
    await api.server.ctx.db.insertInto('notifications').values(rows).execute();
    return rows.map((r) => r.id);
  }

  it('is for admins only on every route: 401 for a guest, 403 for a writer', async () => {
    const [id] = await insertNotifications(1);
    await expectAdminsOnly(api.server, people.writer, 'GET', '/api/admin/notifications');
    await expectAdminsOnly(api.server, people.writer, 'POST', `/api/admin/notifications/${id}/read`);
    await expectAdminsOnly(api.server, people.writer, 'POST', '/api/admin/notifications/read-all');
    expect((await page()).unread).toBe(1);
  });

  it('lists the notification a feature request creates, newest first, with the unread count', async () => {
    const text = `Let me pin a story to my profile. ${'more words '.repeat(10)}`;
    expect((await people.writer.client.post('/api/feature-requests', { text: 'First idea' })).status).toBe(201);
    expect((await people.writer.client.post('/api/feature-requests', { text })).status).toBe(201);
    const { notifications, unread, nextCursor } = await page();
    expect(unread).toBe(2);
    expect(nextCursor).toBeNull();
    expect(notifications).toHaveLength(2);
    expect(notifications[0]).toMatchObject({ to: 'admin', type: 'feature_request', message: text.trim().slice(0, 80), link: '/admin/feature-requests', read: false });
    expect(notifications[1]?.message).toBe('First idea');
  });

  it('pages newest first without repeating or skipping, also when notifications share a time', async () => {
    const spaced = await insertNotifications(25);
    const tied = await insertNotifications(7, true);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const next = await page(cursor);
      expect(next.unread).toBe(32);
      seen.push(...next.notifications.map((n) => n.id));
      cursor = next.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(32);
    expect(new Set(seen).size).toBe(32);
    expect(seen.slice(0, 24)).toEqual([...spaced].reverse().slice(0, 24));
    expect(new Set(seen.slice(24))).toEqual(new Set([spaced[0], ...tied]));
  });

  it('refuses a malformed cursor with a 400', async () => {
    const res = await people.admin.client.get<ErrorBody>('/api/admin/notifications?cursor=bm90LWpzb24');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_cursor');
    expect((await people.admin.client.get('/api/admin/notifications?cursor=%22%3B')).status).toBe(400);
  });

  it('marks one read for every admin and tells open admin tabs; again is harmless; unknown ids are 404', async () => {
    const [first, second] = await insertNotifications(2);
    const adminStream = await openEventStream(people.admin.client);
    const writerStream = await openEventStream(people.writer.client);
    try {
      const res = await people.admin.client.post(`/api/admin/notifications/${first}/read`);
      expect(res.status).toBe(200);
      expect(unreadCountSchema.parse(res.body)).toEqual({ unread: 1 });
      await adminStream.next('notifications.changed');

      // A second admin sees it read too: notifications are addressed to 'admin', not to one person.
      await api.server.ctx.db.updateTable('users').set({ admin: 1 }).where('uid', '=', people.writer.uid).execute();
      const listed = notificationPageSchema.parse((await people.writer.client.get('/api/admin/notifications')).body);
      expect(listed.notifications.find((n) => n.id === first)?.read).toBe(true);
      expect(listed.notifications.find((n) => n.id === second)?.read).toBe(false);
      await api.server.ctx.db.updateTable('users').set({ admin: 0 }).where('uid', '=', people.writer.uid).execute();

      const again = await people.admin.client.post(`/api/admin/notifications/${first}/read`);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ unread: 1 });

      for (const id of [randomId(), 'not-a-real-one', 'bad%20id', 'x'.repeat(65)]) {
        const missing = await people.admin.client.post<ErrorBody>(`/api/admin/notifications/${id}/read`);
        expect(missing.status, id).toBe(404);
        expect(missing.body.error.message).toBe('Notification not found.');
      }
      expect(writerStream.received.filter((m) => m.event === 'notifications.changed')).toEqual([]);
    } finally {
      adminStream.close();
      writerStream.close();
    }
  });

  it('marks all read; with nothing unread it still answers 0', async () => {
    await insertNotifications(5);
    const stream = await openEventStream(people.admin.client);
    try {
      const res = await people.admin.client.post('/api/admin/notifications/read-all');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ unread: 0 });
      await stream.next('notifications.changed');
      expect((await page()).notifications.every((n) => n.read)).toBe(true);
      expect((await people.admin.client.post('/api/admin/notifications/read-all')).body).toEqual({ unread: 0 });
    } finally {
      stream.close();
    }
  });

  it('ends with nothing unread after a burst of concurrent read-all and single reads from two admins', async () => {
    const ids = await insertNotifications(30);
    const second = await signUpVerified(api.server);
    await api.server.ctx.db.updateTable('users').set({ admin: 1 }).where('uid', '=', second.uid).execute();
    const requests = [
      ...Array.from({ length: 30 }, (_, i) => (i % 2 ? people.admin : second).client.post('/api/admin/notifications/read-all')),
      ...ids.map((id, i) => (i % 2 ? second : people.admin).client.post(`/api/admin/notifications/${id}/read`)),
    ];
    const results = await Promise.all(requests);
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    for (const r of results) expect(unreadCountSchema.parse(r.body).unread).toBeLessThanOrEqual(30);
    const stored = await api.server.ctx.db.selectFrom('notifications').select('read').execute();
    expect(stored).toHaveLength(30);
    expect(stored.every((row) => Number(row.read) === 1)).toBe(true);
    expect((await page()).unread).toBe(0);
  });
});
