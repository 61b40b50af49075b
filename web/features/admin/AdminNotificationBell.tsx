import { useId, useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CheckCheck, Inbox } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ADMIN_TEXTS, notificationsLabel, type AdminNotification } from '@common/admin/admin';
import { NOTIFICATION_TEXTS, badgeText } from '@common/notifications/texts';
import { BellPanel } from '../../components/BellPanel';
import { CountBadge } from '../../components/CountBadge';
import { focusRing, iconButton, secondaryButton } from '../../components/ui';
import { safeNextPath } from '../../lib/safe-next';
import { lastActiveText } from '../settings';
import { notificationsQuery, useMarkAllNotificationsRead, useMarkNotificationRead } from './api';
import { ErrorText } from '../../components/ErrorText';

/** Where a notification without a usable link leads (the spec's link for feature requests). */
const DEFAULT_LINK = '/admin/feature-requests';

/**
 * The admins' bell (spec: notifications addressed to 'admin'): an inbox marked "Admin", so
 * the owner never mistakes it for their own bell beside it, the unread count on it, kept live by the `notification.created` and `notifications.changed` events, and a
 * popover listing them. Opening one marks it read (for every admin) and goes to its link.
 */
export function AdminNotificationBell() {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const navigate = useNavigate();
  const query = useInfiniteQuery(notificationsQuery);
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const unread = query.data?.unread ?? 0;

  const openNotification = (notification: AdminNotification) => {
    if (!notification.read) markRead.mutate(notification.id);
    setOpen(false);
    void navigate(notification.link ? safeNextPath(notification.link) : DEFAULT_LINK);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={notificationsLabel(unread)}
        title={NOTIFICATION_TEXTS.adminBell}
        data-testid="notification-bell"
        // An inbox and the word "Admin": never the writer's bell beside it. The nav's stand-in (Bells.tsx) has the same face.
        className={`${iconButton} relative w-auto gap-1 px-2`}
      >
        <Inbox aria-hidden className="size-5" />
        <span aria-hidden className="text-xs font-semibold">
          {NOTIFICATION_TEXTS.adminBellWord}
        </span>
        {unread > 0 && (
          // On the icon's corner, clear of the word.
          <CountBadge testId="notification-count" className="absolute top-0.5 left-3">
            {badgeText(unread)}
          </CountBadge>
        )}
      </Popover.Trigger>
      <BellPanel
        titleId={titleId}
        title={NOTIFICATION_TEXTS.adminBell}
        testId="notification-panel"
        sizeClassName="max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))]"
        action={
          <button
            type="button"
            onClick={() => markAllRead.mutate()}
            disabled={unread === 0 || markAllRead.isPending}
            className={`${secondaryButton} px-2.5 py-1 text-xs`}
          >
            <CheckCheck aria-hidden className="size-4" />
            Mark all read
          </button>
        }
      >
        <NotificationList onOpen={openNotification} />
      </BellPanel>
    </Popover.Root>
  );
}

/** The popover's list: a second observer of the bell's query (same cache, nothing fetched twice). */
function NotificationList({ onOpen }: { onOpen: (notification: AdminNotification) => void }) {
  const query = useInfiniteQuery(notificationsQuery);
  if (query.isPending) return <p className="px-4 py-6 text-sm text-muted">Loading notifications…</p>;
  if (query.isError && !query.data) {
    return (
      <ErrorText className="px-4 py-6">
        {ADMIN_TEXTS.notificationsFailed}{' '}
        <button type="button" onClick={() => void query.refetch()} className={`font-semibold underline ${focusRing}`}>
          Try again
        </button>
      </ErrorText>
    );
  }
  const notifications = query.data?.notifications ?? [];
  if (notifications.length === 0) return <p className="px-4 py-6 text-center text-sm text-muted">{ADMIN_TEXTS.noNotifications}</p>;
  return (
    <div className="overflow-y-auto">
      <ul className="divide-y divide-line" data-testid="notification-list">
        {notifications.map((notification) => (
          <li key={notification.id}>
            <button
              type="button"
              onClick={() => onOpen(notification)}
              data-testid="notification-item"
              data-read={notification.read}
              className={`flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-subtle ${focusRing} ${notification.read ? '' : 'bg-accent-soft/60'}`}
            >
              <span aria-hidden className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.read ? 'bg-transparent' : 'bg-accent-600'}`} />
              <span className="min-w-0 flex-1">
                <span className={`block text-sm break-words ${notification.read ? 'text-muted' : 'font-semibold text-fg'}`}>{notification.message}</span>
                <span className="mt-0.5 block text-xs text-muted">
                  {notification.read ? '' : <span className="sr-only">Unread. </span>}
                  <time dateTime={notification.created_at}>{lastActiveText(notification.created_at)}</time>
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="border-t border-line p-3 text-center">
          <button type="button" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} className={`${secondaryButton} py-1 text-xs`}>
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </div>
  );
}
