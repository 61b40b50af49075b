import type { CSSProperties } from 'react';
import { MessagesSquare } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { MESSAGE_TEXTS, type ConversationFolder } from '@common/messages/rules';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { CenteredSpinner } from '../../components/Spinner';
import { focusRing } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { usePagedList } from '../../lib/paged-list';
import { conversationsQuery } from './api';
import { ConversationList } from './ConversationList';
import { useHeightToWindowBottom } from './fill-viewport';
import { NewConversation } from './NewConversation';
import { Thread } from './Thread';

const pane = 'min-h-0 rounded-xl border border-line bg-surface shadow-sm';

function NoConversations() {
  return (
    <EmptyState icon={<MessagesSquare aria-hidden className="size-6" />} title="No messages yet.">
      Message a friend from their profile or from your friends list. When the Drabble team replies to one of your feature suggestions, the conversation
      shows up here too.
    </EmptyState>
  );
}

const FOLDERS: ReadonlyArray<{ id: ConversationFolder; label: string }> = [
  { id: 'inbox', label: 'Inbox' },
  { id: 'requests', label: MESSAGE_TEXTS.requests },
];

/** Inbox / Requests above the list; Requests carries how many wait. */
function FolderTabs({ folder, requests, onSelect }: { folder: ConversationFolder; requests: number; onSelect: (folder: ConversationFolder) => void }) {
  return (
    <div role="group" aria-label="Folders" className="flex gap-1 border-b border-line p-2" data-testid="conversation-folders">
      {FOLDERS.map((tab) => {
        const active = tab.id === folder;
        return (
          <button
            key={tab.id}
            type="button"
            aria-pressed={active}
            onClick={() => onSelect(tab.id)}
            className={`inline-flex flex-1 items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ${focusRing} ${
              active ? 'bg-accent-soft font-semibold text-accent-soft-ink' : 'text-muted hover:bg-subtle hover:text-fg'
            }`}
            data-testid={`folder-${tab.id}`}
          >
            {tab.label}
            {tab.id === 'requests' && requests > 0 && (
              <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-line px-1.5 text-xs font-semibold text-fg" data-testid="requests-count">
                {requests}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

/**
 * /messages: the conversation list beside the open thread on wide screens; on a phone one
 * pane at a time, the thread with a way back. `?c=<id>` opens a conversation (deep links),
 * `?to=<uid>` starts one with a writer, `?folder=requests` lists message requests.
 */
export function MessagesScreen() {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('c');
  const to = selectedId ? null : params.get('to');
  const folder: ConversationFolder = params.get('folder') === 'requests' ? 'requests' : 'inbox';
  const open = selectedId !== null || to !== null;
  const inbox = usePagedList(conversationsQuery('inbox'));
  const requests = usePagedList(conversationsQuery('requests'));
  const list = folder === 'inbox' ? inbox : requests;
  // The main area's bottom padding (2rem) stays below the panes.
  const [placePanes, panesHeight] = useHeightToWindowBottom(32);

  let listPane;
  if (list.status === 'pending') listPane = <CenteredSpinner />;
  else if (list.items === undefined) listPane = <LoadError message={`Could not load your messages. ${errorMessage(list.error)}`} onRetry={list.refetch} />;
  else if (list.items.length === 0)
    listPane = <p className="p-4 text-sm text-muted">{folder === 'inbox' ? 'No conversations yet.' : 'No message requests.'}</p>;
  else listPane = <ConversationList list={list} items={list.items} selectedId={selectedId} folder={folder} />;

  const requestCount = requests.items?.length ?? 0;
  const empty = inbox.status === 'success' && inbox.items.length === 0 && requests.status === 'success' && requestCount === 0;
  let detail;
  if (selectedId) detail = <Thread key={selectedId} id={selectedId} />;
  else if (to) detail = <NewConversation key={to} uid={to} />;
  else detail = <p className="m-auto max-w-xs p-6 text-center text-sm text-muted">Choose a conversation to read it and reply.</p>;

  return (
    <section aria-labelledby="screen-heading" className="flex flex-col">
      <title>Messages · Drabble</title>
      <h1 id="screen-heading" className={`text-2xl font-bold text-fg sm:text-3xl ${open ? 'max-md:sr-only' : ''}`}>
        Messages
      </h1>
      {empty && !open ? (
        <div className="mt-6">
          <NoConversations />
        </div>
      ) : (
        <div
          ref={placePanes}
          style={{ '--panes-height': panesHeight === undefined ? undefined : `${panesHeight}px` } as CSSProperties}
          className={`grid gap-4 md:mt-6 md:h-(--panes-height) md:grid-cols-[minmax(16rem,22rem)_1fr] ${open ? 'max-md:h-(--panes-height)' : 'mt-6'}`}
        >
          <div className={`${pane} flex flex-col overflow-hidden ${open ? 'max-md:hidden' : ''}`} data-testid="conversation-pane">
            <FolderTabs folder={folder} requests={requestCount} onSelect={(next) => setParams(next === 'inbox' ? {} : { folder: next })} />
            {listPane}
          </div>
          <div className={`${pane} flex flex-col overflow-hidden ${open ? '' : 'max-md:hidden'}`}>{detail}</div>
        </div>
      )}
    </section>
  );
}
