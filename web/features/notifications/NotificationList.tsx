import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { BellOff, CheckCheck } from 'lucide-react';
import { NOTIFICATION_TEXTS } from '@common/notifications';
import { focusRing, secondaryButton } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { notificationListQuery, unreadNotificationsQuery, useMarkAllNotificationsRead } from './api';
import { NotificationRow } from './NotificationRow';

/** "Mark all as read": off while nothing is unread. */
export function MarkAllReadButton() {
  const unread = useQuery(unreadNotificationsQuery).data?.unread ?? 0;
  const markAll = useMarkAllNotificationsRead();
  return (
    <button
      type="button"
      onClick={() => markAll.mutate()}
      disabled={unread === 0 || markAll.isPending}
      className={`${secondaryButton} px-2.5 py-1 text-xs`}
      data-testid="notifications-mark-all"
    >
      <CheckCheck aria-hidden className="size-4" />
      {NOTIFICATION_TEXTS.markAllRead}
    </button>
  );
}

/** The rows, latest activity first, with "Load more" while pages remain. Shared by the bell's popover and /notifications. */
export function NotificationList({ onNavigate }: { onNavigate?: () => void }) {
  const query = useInfiniteQuery(notificationListQuery);
  if (query.isPending) return <p className="px-4 py-6 text-sm text-muted">Loading notifications…</p>;
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="px-4 py-6 text-sm text-red-700 dark:text-red-300">
        {errorMessage(query.error)}{' '}
        <button type="button" onClick={() => void query.refetch()} className={`font-semibold underline ${focusRing}`}>
          Try again
        </button>
      </div>
    );
  }
  const notifications = query.data?.pages.flatMap((page) => page.notifications) ?? [];
  if (notifications.length === 0) {
    return (
      <p className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted" data-testid="notifications-empty">
        <BellOff aria-hidden className="size-6" />
        {NOTIFICATION_TEXTS.empty}
      </p>
    );
  }
  return (
    <div className="min-h-0 overflow-y-auto">
      <ul className="divide-y divide-line" data-testid="user-notification-list">
        {notifications.map((notification) => (
          <NotificationRow key={notification.id} notification={notification} onNavigate={onNavigate} />
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="border-t border-line p-3 text-center">
          <button type="button" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} className={`${secondaryButton} py-1 text-xs`}>
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="px-4 pb-3 text-center text-xs text-red-700 dark:text-red-300">
          {errorMessage(query.error)}
        </p>
      )}
    </div>
  );
}
