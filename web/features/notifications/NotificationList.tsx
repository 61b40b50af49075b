import { useQuery } from '@tanstack/react-query';
import { BellOff, CheckCheck } from 'lucide-react';
import { NOTIFICATION_TEXTS } from '@common/notifications/notifications';
import { LoadMore } from '../../components/LoadMore';
import { focusRing, secondaryButton } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { usePagedList } from '../../lib/paged-list';
import { notificationListQuery, unreadNotificationsQuery, useMarkAllNotificationsRead } from './api';
import { NotificationRow } from './NotificationRow';
import { ErrorText } from '../../components/ErrorText';

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
  const list = usePagedList(notificationListQuery);
  if (list.status === 'pending') return <p className="px-4 py-6 text-sm text-muted">Loading notifications…</p>;
  if (list.status === 'error' && !list.items) {
    return (
      <ErrorText className="px-4 py-6">
        {errorMessage(list.error)}{' '}
        <button type="button" onClick={list.refetch} className={`font-semibold underline ${focusRing}`}>
          Try again
        </button>
      </ErrorText>
    );
  }
  const notifications = list.items ?? [];
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
      <LoadMore list={list} compact className="border-t border-line p-3 text-center" failure={list.error ? errorMessage(list.error) : undefined} />
    </div>
  );
}
