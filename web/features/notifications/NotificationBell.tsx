import { useId, useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { NOTIFICATION_TEXTS } from '@common/notifications/notifications';
import { BellPanel } from '../../components/BellPanel';
import { CountBadge } from '../../components/CountBadge';
import { focusRing, iconButton, textLink } from '../../components/ui';
import { unreadNotificationsQuery } from './api';
import { badgeText, bellLabel } from './format';
import { MarkAllReadButton, NotificationList } from './NotificationList';

/** The red count on the bell and on the phone menu's entry; nothing at 0. */
export function UnreadBadge({ unread, className = '' }: { unread: number; className?: string }) {
  const text = badgeText(unread);
  if (!text) return null;
  return (
    <CountBadge testId="user-notification-count" className={className}>
      {text}
    </CountBadge>
  );
}

/** The unread count, live: `bell.changed` writes it in every open tab (web/lib/live-events.ts). */
export function useUnreadNotifications(): number {
  return useQuery(unreadNotificationsQuery).data?.unread ?? 0;
}

/**
 * A writer's bell in the top bar: the live unread count, and a popover with the
 * latest notifications. Distinct from the admins' bell ("Admin notifications") beside it.
 */
export function NotificationBell({ initialOpen = false }: { initialOpen?: boolean }) {
  const [open, setOpen] = useState(initialOpen);
  const titleId = useId();
  const unread = useUnreadNotifications();
  const close = () => setOpen(false);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger aria-label={bellLabel(unread)} title={NOTIFICATION_TEXTS.bell} data-testid="user-notification-bell" className={`${iconButton} relative`}>
        <Bell aria-hidden className="size-5" />
        <UnreadBadge unread={unread} className="absolute top-0.5 right-0.5" />
      </Popover.Trigger>
      <BellPanel
        titleId={titleId}
        title={NOTIFICATION_TEXTS.bell}
        testId="user-notification-panel"
        // Nearly the screen's width on phones.
        sizeClassName="max-h-[min(36rem,calc(100dvh-5rem))] w-[min(26rem,calc(100vw-1rem))]"
        action={<MarkAllReadButton />}
      >
        <NotificationList onNavigate={close} />
        <div className="border-t border-line px-4 py-2 text-center text-xs">
          <Link to="/notifications" onClick={close} className={textLink}>
            See all
          </Link>
          <span aria-hidden className="px-2 text-muted">
            ·
          </span>
          <Link to="/settings#notifications" onClick={close} className={textLink}>
            Settings
          </Link>
        </div>
      </BellPanel>
    </Popover.Root>
  );
}

/** The phone menu's entry: leads to /notifications, with the same live count. */
export function NotificationsMenuLink({ onNavigate }: { onNavigate: () => void }) {
  const unread = useUnreadNotifications();
  return (
    <Link
      to="/notifications"
      onClick={onNavigate}
      aria-label={bellLabel(unread)}
      data-testid="mobile-menu-notifications"
      className={`flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-muted hover:bg-subtle hover:text-fg ${focusRing}`}
    >
      <Bell aria-hidden className="size-5" />
      {NOTIFICATION_TEXTS.bell}
      <UnreadBadge unread={unread} className="ml-auto" />
    </Link>
  );
}
