import { Link } from 'react-router';
import { textLink } from '../../components/ui';
import { MarkAllReadButton, NotificationList } from './NotificationList';

/** /notifications: the bell's list on a page of its own (the phone menu leads here). */
export function NotificationsScreen() {
  return (
    <div className="mx-auto w-full max-w-2xl min-w-0">
      <title>Notifications · Drabble</title>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl">
            Notifications
          </h1>
          <p className="mt-1 text-sm text-muted">
            Choose what you hear about in{' '}
            <Link to="/settings#notifications" className={textLink}>
              Settings
            </Link>
            .
          </p>
        </div>
        <MarkAllReadButton />
      </div>
      <div className="overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
        <NotificationList />
      </div>
    </div>
  );
}
