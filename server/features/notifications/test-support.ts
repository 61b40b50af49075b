import { expect } from 'vitest';
import {
  notificationActorPageSchema,
  notificationListResponseSchema,
  notificationUnreadSchema,
  type NotificationActorPage,
  type NotificationListResponse,
  type UserNotification,
} from '@common/notifications/notifications';
import type { TestClient } from '../../test/client';

/** Test helpers for the notifications API. */

export async function listPage(client: TestClient, cursor?: string): Promise<NotificationListResponse> {
  const res = await client.get(cursor ? `/api/notifications?cursor=${cursor}` : '/api/notifications');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return notificationListResponseSchema.parse(res.body);
}

/** Every notification of the signed-in writer, following the cursor to the end. */
export async function allNotifications(client: TestClient): Promise<UserNotification[]> {
  const all: UserNotification[] = [];
  let cursor: string | null = null;
  do {
    const page: NotificationListResponse = await listPage(client, cursor ?? undefined);
    all.push(...page.notifications);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

export async function unreadCount(client: TestClient): Promise<number> {
  const res = await client.get('/api/notifications/unread-count');
  expect(res.status).toBe(200);
  return notificationUnreadSchema.parse(res.body).unread;
}

export async function actorsOf(client: TestClient, id: string, cursor?: string): Promise<NotificationActorPage> {
  const res = await client.get(`/api/notifications/${id}/actors${cursor ? `?cursor=${cursor}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return notificationActorPageSchema.parse(res.body);
}

/** The writer's notifications of one type. */
export async function ofType(client: TestClient, type: UserNotification['type']): Promise<UserNotification[]> {
  return (await allNotifications(client)).filter((n) => n.type === type);
}

/**
 * Switches off the writer's badge notifications: a first story earns one ("First story"),
 * and the tests of what readers cause count every row and the bell exactly.
 */
export async function withoutBadgeNotices(client: TestClient): Promise<void> {
  const res = await client.patch('/api/me/notification-prefs', { types: { badge: { on: false } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
