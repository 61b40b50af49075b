import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { handleLiveEvent, liveEventHandlers } from '../../lib/live-events';
import { notificationListQuery, unreadNotificationsQuery } from './api';

const message = (data: unknown) => new MessageEvent('message', { data: JSON.stringify(data) });

describe('the bell and the live stream', () => {
  it('reads the count `bell.changed` writes (same key, same shape), and refetches the list', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(unreadNotificationsQuery.queryKey, { unread: 0 });
    queryClient.setQueryData(notificationListQuery.queryKey, { pages: [{ notifications: [], unread: 0, nextCursor: null }], pageParams: [undefined] });

    handleLiveEvent('bell.changed', liveEventHandlers(queryClient, 'u1'), message({ unread: 4 }));

    expect(queryClient.getQueryData(unreadNotificationsQuery.queryKey)).toEqual({ unread: 4 });
    expect(queryClient.getQueryState(notificationListQuery.queryKey)?.isInvalidated).toBe(true);
  });

  it('pages the list by the cursor each page names', () => {
    const next = notificationListQuery.getNextPageParam({ notifications: [], unread: 0, nextCursor: 'abc' }, [], undefined, []);
    const last = notificationListQuery.getNextPageParam({ notifications: [], unread: 0, nextCursor: null }, [], undefined, []);
    expect(next).toBe('abc');
    expect(last).toBeUndefined();
  });
});
