import type { ReactNode } from 'react';
import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { WriterRow as Writer } from '@common/follows/follows';
import { Avatar } from '../../components/Avatar';
import { focusRing, iconButton } from '../../components/ui';
import { FollowButton } from './FollowButton';

interface WriterRowProps {
  writer: Writer;
  /** In place of the follow button (requests, blocked and muted writers); left out for the follow button. */
  actions?: ReactNode;
  /** Beside the follow button (Remove follower). */
  extra?: ReactNode;
  /** A line under the name instead of their latest story. */
  note?: ReactNode;
}

/** One writer in a list: avatar, name, a line of their latest public story, and what can be done. */
export function WriterRow({ writer, actions, extra, note }: WriterRowProps) {
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0 sm:flex-nowrap" data-testid="writer-row" data-uid={writer.uid}>
      <Link to={`/user/${encodeURIComponent(writer.uid)}`} className={`flex min-w-0 flex-1 items-center gap-3 rounded-md ${focusRing}`}>
        <Avatar person={writer} size="md" />
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-semibold text-fg" data-testid="writer-name">
            {writer.displayName}
          </span>
          {note ? (
            <span className="truncate text-sm text-muted">{note}</span>
          ) : (
            <span className="truncate text-sm text-muted" data-testid="writer-latest">
              {writer.latestStory ? `Latest: ${writer.latestStory.title}` : 'No public stories yet'}
            </span>
          )}
        </span>
      </Link>
      <div className="ml-auto flex shrink-0 flex-wrap items-center justify-end gap-2">
        {actions ?? (
          <>
            <FollowButton state={writer} name={writer.displayName} size="sm" />
            {writer.friends && (
              <Link
                to={`/messages?to=${encodeURIComponent(writer.uid)}`}
                aria-label={`Message ${writer.displayName}`}
                title={`Message ${writer.displayName}`}
                className={`${iconButton} border border-line`}
                data-testid="writer-message"
              >
                <MessageCircle aria-hidden className="size-4" />
              </Link>
            )}
            {extra}
          </>
        )}
      </div>
    </li>
  );
}
