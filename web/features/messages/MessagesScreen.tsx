import type { CSSProperties } from 'react';
import { MessagesSquare } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { CenteredSpinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/errors';
import { usePagedList } from '../../lib/paged-list';
import { conversationsQuery } from './api';
import { ConversationList } from './ConversationList';
import { useHeightToWindowBottom } from './fill-viewport';
import { Thread } from './Thread';

const pane = 'min-h-0 rounded-xl border border-line bg-surface shadow-sm';

function NoConversations() {
  return (
    <EmptyState icon={<MessagesSquare aria-hidden className="size-6" />} title="No messages yet.">
      When the Drabble team replies to one of your feature suggestions, the conversation shows up here. Suggest a feature with the lightbulb
      button in the top bar.
    </EmptyState>
  );
}

/**
 * /messages: the conversation list beside the open thread on wide screens; on a phone one
 * pane at a time, the thread with a way back. `?c=<id>` opens a conversation (deep links).
 */
export function MessagesScreen() {
  const [params] = useSearchParams();
  const selectedId = params.get('c');
  const list = usePagedList(conversationsQuery());
  // The main area's bottom padding (2rem) stays below the panes.
  const [placePanes, panesHeight] = useHeightToWindowBottom(32);

  let listPane;
  if (list.status === 'pending') listPane = <CenteredSpinner />;
  else if (list.items === undefined) listPane = <LoadError message={`Could not load your messages. ${errorMessage(list.error)}`} onRetry={list.refetch} />;
  else if (list.items.length === 0) listPane = null;
  else listPane = <ConversationList list={list} items={list.items} selectedId={selectedId} />;

  const empty = list.status === 'success' && list.items.length === 0;
  return (
    <section aria-labelledby="screen-heading" className="flex flex-col">
      <title>Messages · Drabble</title>
      <h1 id="screen-heading" className={`text-2xl font-bold text-fg sm:text-3xl ${selectedId ? 'max-md:sr-only' : ''}`}>
        Messages
      </h1>
      {empty && !selectedId ? (
        <div className="mt-6">
          <NoConversations />
        </div>
      ) : (
        <div
          ref={placePanes}
          style={{ '--panes-height': panesHeight === undefined ? undefined : `${panesHeight}px` } as CSSProperties}
          className={`grid gap-4 md:mt-6 md:h-(--panes-height) md:grid-cols-[minmax(16rem,22rem)_1fr] ${selectedId ? 'max-md:h-(--panes-height)' : 'mt-6'}`}
        >
          <div className={`${pane} flex flex-col overflow-hidden ${selectedId ? 'max-md:hidden' : ''}`} data-testid="conversation-pane">
            {listPane ?? <p className="p-4 text-sm text-muted">No conversations yet.</p>}
          </div>
          <div className={`${pane} flex flex-col overflow-hidden ${selectedId ? '' : 'max-md:hidden'}`}>
            {selectedId ? (
              <Thread key={selectedId} id={selectedId} />
            ) : (
              <p className="m-auto max-w-xs p-6 text-center text-sm text-muted">Choose a conversation to read it and reply.</p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
