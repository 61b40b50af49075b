import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Bell, Inbox } from 'lucide-react';
import { NOTIFICATION_TEXTS, badgeText, bellLabel } from '@common/notifications/texts';
import { CountBadge } from '../../components/CountBadge';
import { LoadOnOpen } from '../../components/LoadOnOpen';
import { iconButton } from '../../components/ui';
import { onDemand } from '../../lib/on-demand';
import { unreadNotificationsQuery } from '../../lib/unread-counts';

const notifications = onDemand(() => import('../../features/notifications'));
const FullNotificationBell = notifications.component((m) => m.NotificationBell);

/**
 * A writer's bell with its live count. The popover and its list load on first use: until
 * then this button stands in, named and badged as the feature's own bell (notifications/NotificationBell.tsx).
 */
export function NotificationBell() {
  const unread = useQuery(unreadNotificationsQuery).data?.unread ?? 0;
  const badge = badgeText(unread);
  return (
    <LoadOnOpen
      part={notifications}
      standIn={(props) => (
        <button
          type="button"
          {...props}
          aria-haspopup="dialog"
          aria-label={bellLabel(unread)}
          title={NOTIFICATION_TEXTS.bell}
          data-testid="user-notification-bell"
          className={`${iconButton} relative`}
        >
          <Bell aria-hidden className="size-5" />
          {badge && (
            <CountBadge testId="user-notification-count" className="absolute top-0.5 right-0.5">
              {badge}
            </CountBadge>
          )}
        </button>
      )}
    >
      <FullNotificationBell initialOpen />
    </LoadOnOpen>
  );
}

const AdminBell = onDemand(() => import('../../features/admin')).component((m) => m.AdminNotificationBell);

/** The admins' bell's face while it loads (features/admin/AdminNotificationBell.tsx has the same), so the bar stays still. */
function AdminBellStandIn() {
  return (
    <span aria-hidden className={`${iconButton} w-auto gap-1 px-2`}>
      <Inbox className="size-5" />
      <span className="text-xs font-semibold">{NOTIFICATION_TEXTS.adminBellWord}</span>
    </span>
  );
}

/** The admins' bell, loaded for admins only: an inbox marked "Admin", unlike the writer's bell beside it. */
export function AdminNotificationBell() {
  return (
    <Suspense fallback={<AdminBellStandIn />}>
      <AdminBell />
    </Suspense>
  );
}
