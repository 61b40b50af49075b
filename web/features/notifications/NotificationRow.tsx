import { useId, useState } from 'react';
import { Award, BookMarked, ChevronDown, Flame, ShieldAlert, Trophy, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { UserNotification } from '@common/notifications/notifications';
import { Avatar } from '../../components/Avatar';
import { LoadMore } from '../../components/LoadMore';
import { focusRing } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { usePagedList } from '../../lib/paged-list';
import { safeNextPath } from '../../lib/safe-next';
import { lastActiveText } from '../settings';
import { notificationActorsQuery, useMarkNotificationRead } from './api';
import { hasMoreActors, notificationSentence, sentenceText } from './format';
import { ErrorText } from '../../components/ErrorText';

/** Rows no other person caused show an icon instead of avatars. */
const SELF_ICONS: Partial<Record<UserNotification['type'], LucideIcon>> = { moderation: ShieldAlert, badge: Award, streak_reminder: Flame, contest: Trophy, anthology: BookMarked };

/** The first people of a row, overlapping: at most three. */
function ActorAvatars({ actors }: { actors: UserNotification['actors'] }) {
  return (
    <span aria-hidden className="flex shrink-0 -space-x-3 pt-0.5">
      {actors.slice(0, 3).map((actor) => (
        <span key={actor.uid} className="rounded-full ring-2 ring-surface">
          <Avatar person={actor} size="sm" />
        </span>
      ))}
    </span>
  );
}

/** A group's full list of people, a page at a time; each leads to their profile. */
function ActorList({ id, onNavigate }: { id: string; onNavigate?: () => void }) {
  const list = usePagedList(notificationActorsQuery(id));
  if (list.status === 'pending') return <p className="px-4 pb-3 text-xs text-muted">Loading…</p>;
  if (list.status === 'error' && !list.items) {
    return (
      <ErrorText small className="px-4 pb-3">
        {errorMessage(list.error)}{' '}
        <button type="button" onClick={list.refetch} className={`font-semibold underline ${focusRing}`}>
          Try again
        </button>
      </ErrorText>
    );
  }
  const actors = list.items ?? [];
  return (
    <div className="px-4 pb-3 pl-14">
      <ul className="space-y-1" data-testid="notification-actors">
        {actors.map((actor) => (
          <li key={actor.uid}>
            <Link to={`/user/${encodeURIComponent(actor.uid)}`} onClick={onNavigate} className={`flex items-center gap-2 rounded-md p-1 text-sm text-fg hover:bg-subtle ${focusRing}`}>
              <Avatar person={actor} size="sm" />
              <span className="truncate">{actor.displayName}</span>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore list={list} compact label="Show more" className="mt-2" />
    </div>
  );
}

/**
 * One notification: who (avatars and names), what, on which story (in italics), and when.
 * The whole row links to where it happened; opening it marks it read.
 */
export function NotificationRow({ notification, onNavigate }: { notification: UserNotification; onNavigate?: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const actorsId = useId();
  const markRead = useMarkNotificationRead();
  const parts = notificationSentence(notification);
  const { read } = notification;
  const SelfIcon = SELF_ICONS[notification.type];

  return (
    <li data-testid="user-notification" data-read={read} className={read ? '' : 'bg-accent-soft/60'}>
      <Link
        to={safeNextPath(notification.link)}
        onClick={() => {
          if (!read) markRead.mutate(notification.id);
          onNavigate?.();
        }}
        className={`flex items-start gap-3 px-4 py-3 hover:bg-subtle ${focusRing}`}
        title={sentenceText(parts)}
      >
        <span aria-hidden className={`mt-3 size-2 shrink-0 rounded-full ${read ? 'bg-transparent' : 'bg-accent-600'}`} />
        {SelfIcon ? (
          // From the moderators, a badge, the streak reminder: no person to show (its only actor is the recipient).
          <span aria-hidden className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-full bg-subtle text-muted">
            <SelfIcon className="size-4" />
          </span>
        ) : (
          <ActorAvatars actors={notification.actors} />
        )}
        <span className="min-w-0 flex-1">
          <span className={`block text-sm break-words ${read ? 'text-muted' : 'font-semibold text-fg'}`} data-testid="notification-sentence">
            {parts.map((part, i) => (part.subject ? <em key={i}>{part.text}</em> : <span key={i}>{part.text}</span>))}
          </span>
          {notification.type === 'comment' && notification.detail && (
            <span className="mt-0.5 line-clamp-2 block text-sm break-words text-muted">“{notification.detail}”</span>
          )}
          <span className="mt-0.5 block text-xs text-muted">
            {!read && <span className="sr-only">Unread. </span>}
            <time dateTime={notification.updated_at}>{lastActiveText(notification.updated_at)}</time>
          </span>
        </span>
      </Link>
      {hasMoreActors(notification) && (
        <>
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={expanded ? actorsId : undefined}
            onClick={() => setExpanded((open) => !open)}
            className={`mb-2 ml-14 inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-accent-ink hover:bg-subtle ${focusRing}`}
          >
            <ChevronDown aria-hidden className={`size-4 transition-transform ${expanded ? 'rotate-180' : ''}`} />
            {expanded ? 'Hide the list' : `Show all ${notification.actorCount}`}
          </button>
          {expanded && (
            <div id={actorsId}>
              <ActorList id={notification.id} onNavigate={onNavigate} />
            </div>
          )}
        </>
      )}
    </li>
  );
}
