import { Lightbulb } from 'lucide-react';
import { Link } from 'react-router';
import type { ConversationSummary } from '@common/messages/messages';
import type { ConversationFolder } from '@common/messages/rules';
import { Avatar } from '../../components/Avatar';
import { LoadMore } from '../../components/LoadMore';
import { focusRing } from '../../components/ui';
import type { PagedList } from '../../lib/paged-list';
import { listTime } from './time';

function ConversationRow({ conversation, selected, folder }: { conversation: ConversationSummary; selected: boolean; folder: ConversationFolder }) {
  const other = conversation.members[0];
  const featureRequest = conversation.type === 'feature_request';
  // A direct conversation is named by the other writer; a feature request by its title.
  // A feature request's title starts 'Feature request: ', which its label already says.
  const name = !featureRequest && other ? other.displayName : conversation.title.replace(/^Feature request: /, '');
  const search = new URLSearchParams({ c: conversation.id });
  if (folder === 'requests') search.set('folder', folder);
  return (
    <li>
      <Link
        to={{ search: `?${search.toString()}` }}
        aria-current={selected ? 'true' : undefined}
        className={`flex items-start gap-3 rounded-lg px-3 py-3 ${focusRing} ${selected ? 'bg-accent-soft' : 'hover:bg-subtle'}`}
        data-testid="conversation"
        data-unread={conversation.unread || undefined}
        data-state={conversation.state}
      >
        {featureRequest ? (
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-subtle text-accent-ink">
            <Lightbulb aria-hidden className="size-5" />
          </span>
        ) : other ? (
          <Avatar person={other} size="md" />
        ) : (
          <span className="size-10 shrink-0" />
        )}
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex items-baseline gap-2">
            <span className={`line-clamp-2 min-w-0 flex-1 text-sm break-words ${conversation.unread ? 'font-bold text-fg' : 'font-medium text-fg'}`} data-testid="conversation-title">
              {name}
            </span>
            {conversation.lastMessageAt && (
              <time dateTime={conversation.lastMessageAt} className="shrink-0 text-xs text-muted">
                {listTime(conversation.lastMessageAt)}
              </time>
            )}
          </span>
          {featureRequest && <span className="text-xs font-semibold text-accent-ink" data-testid="feature-request-label">Feature request</span>}
          {conversation.state === 'pending' && <span className="text-xs text-muted">Waiting for them to accept</span>}
          <span className="mt-0.5 flex items-center gap-2">
            <span className={`min-w-0 flex-1 truncate text-sm ${conversation.unread ? 'text-fg' : 'text-muted'}`} data-testid="conversation-preview">
              {conversation.lastMessage ?? 'No messages yet'}
            </span>
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

/** The left pane: one folder's conversations, newest activity first, the open one highlighted. */
export function ConversationList({
  list,
  items,
  selectedId,
  folder,
}: {
  list: PagedList<ConversationSummary>;
  items: ConversationSummary[];
  selectedId: string | null;
  folder: ConversationFolder;
}) {
  return (
    <nav aria-label="Conversations" className="flex min-h-0 flex-1 flex-col">
      <ul className="flex flex-col gap-1 overflow-y-auto p-2">
        {items.map((conversation) => (
          <ConversationRow key={conversation.id} conversation={conversation} selected={conversation.id === selectedId} folder={folder} />
        ))}
      </ul>
      <LoadMore list={list} className="flex justify-center p-2" failure="Could not load more conversations." />
    </nav>
  );
}
