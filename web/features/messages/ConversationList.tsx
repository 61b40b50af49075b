import { Link } from 'react-router';
import type { ConversationSummary } from '@common/conversations';
import { Avatar } from '../../components/Avatar';
import { LoadMore } from '../../components/LoadMore';
import { focusRing } from '../../components/ui';
import type { PagedList } from '../../lib/paged-list';
import { listTime } from './time';

function ConversationRow({ conversation, selected }: { conversation: ConversationSummary; selected: boolean }) {
  const other = conversation.members[0];
  return (
    <li>
      <Link
        to={{ search: `?c=${encodeURIComponent(conversation.id)}` }}
        aria-current={selected ? 'true' : undefined}
        className={`flex items-start gap-3 rounded-lg px-3 py-3 ${focusRing} ${selected ? 'bg-accent-soft' : 'hover:bg-subtle'}`}
        data-testid="conversation"
        data-unread={conversation.unread || undefined}
      >
        {other ? <Avatar person={other} size="md" /> : <span className="size-10 shrink-0" />}
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex items-baseline gap-2">
            <span className={`line-clamp-2 min-w-0 flex-1 text-sm break-words ${conversation.unread ? 'font-bold text-fg' : 'font-medium text-fg'}`} data-testid="conversation-title">
              {conversation.title}
            </span>
            {conversation.lastMessageAt && (
              <time dateTime={conversation.lastMessageAt} className="shrink-0 text-xs text-muted">
                {listTime(conversation.lastMessageAt)}
              </time>
            )}
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            <span className={`min-w-0 flex-1 truncate text-sm ${conversation.unread ? 'text-fg' : 'text-muted'}`}>{conversation.lastMessage ?? 'No messages yet'}</span>
            {conversation.unread && (
              <span className="size-2.5 shrink-0 rounded-full bg-accent-600" data-testid="unread-dot">
                <span className="sr-only">Unread</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The left pane: every conversation, newest activity first, the open one highlighted. */
export function ConversationList({ list, items, selectedId }: { list: PagedList<ConversationSummary>; items: ConversationSummary[]; selectedId: string | null }) {
  return (
    <nav aria-label="Conversations" className="flex min-h-0 flex-1 flex-col">
      <ul className="flex flex-col gap-1 overflow-y-auto p-2">
        {items.map((conversation) => (
          <ConversationRow key={conversation.id} conversation={conversation} selected={conversation.id === selectedId} />
        ))}
      </ul>
      <LoadMore list={list} className="flex justify-center p-2" failure="Could not load more conversations." />
    </nav>
  );
}
