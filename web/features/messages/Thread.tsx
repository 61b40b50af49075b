import { useEffect, useLayoutEffect, useRef } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { CenteredSpinner } from '../../components/Spinner';
import { iconButton } from '../../components/ui';
import { isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { usePagedList } from '../../lib/paged-list';
import { threadQuery, useConversation, useMarkConversationRead } from './api';
import { MessageItem } from './MessageItem';
import { ReplyBox } from './ReplyBox';

function BackLink() {
  return (
    <Link to={{ search: '' }} className={`${iconButton} shrink-0 md:hidden`} aria-label="Back to conversations" data-testid="back-to-conversations">
      <ArrowLeft aria-hidden className="size-5" />
    </Link>
  );
}

/**
 * Marks the conversation read when it opens and again whenever a message arrives while it is
 * open: each newest message is marked once, so the refetch that follows cannot loop.
 */
function useMarkReadWhileOpen(id: string, unread: boolean | undefined, lastMessageAt: string | null | undefined) {
  const { mutate: markRead } = useMarkConversationRead(id);
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!unread) return;
    const newest = lastMessageAt ?? '';
    if (marked.current === newest) return;
    marked.current = newest;
    markRead();
  }, [unread, lastMessageAt, markRead]);
}

/** Keeps the newest message in view as messages arrive; loading older ones leaves the view alone. */
function useStickToNewest(newestId: string | undefined) {
  const scroller = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && newestId) element.scrollTo({ top: element.scrollHeight });
  }, [newestId]);
  return scroller;
}

/** The right pane: one conversation's messages, oldest first, and the reply box. */
export function Thread({ id }: { id: string }) {
  const conversation = useConversation(id);
  const list = usePagedList(threadQuery(id));
  const summary = conversation.data;
  useMarkReadWhileOpen(id, summary?.unread, summary?.lastMessageAt);
  const scroller = useStickToNewest(list.items?.at(-1)?.id);

  if (list.status === 'pending') return <CenteredSpinner />;
  if (list.items === undefined) {
    const missing = isApiError(list.error) && (list.error.status === 404 || list.error.status === 403);
    return (
      <div className="flex flex-col gap-3 p-4">
        <BackLink />
        <LoadError message={missing ? 'This conversation is not available.' : `Could not load this conversation. ${errorMessage(list.error)}`} onRetry={list.refetch} />
      </div>
    );
  }

  const members = summary?.members ?? [];
  const names = members.map((member) => member.displayName).join(', ');
  return (
    <section aria-labelledby="thread-heading" className="flex h-full min-h-0 flex-col" data-testid="thread">
      <header className="flex items-center gap-2 border-b border-line px-3 py-2 sm:px-4">
        <BackLink />
        <div className="min-w-0 py-1">
          <h2 id="thread-heading" className="truncate font-semibold text-fg" data-testid="thread-title">
            {summary?.title ?? 'Conversation'}
          </h2>
          {names && <p className="truncate text-xs text-muted">with {names}</p>}
        </div>
      </header>
      <div ref={scroller} role="log" aria-label="Messages" className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-4">
        <LoadMore list={list} label="Load older" className="mb-4 flex justify-center" failure="Could not load older messages." testId="load-older" />
        <ol className="flex flex-col gap-4">
          {list.items.map((message) => (
            <MessageItem key={message.id} message={message} members={members} />
          ))}
        </ol>
      </div>
      {summary?.permissions.reply === false ? (
        <p className="border-t border-line p-4 text-sm text-muted">You can no longer reply in this conversation.</p>
      ) : (
        <ReplyBox conversationId={id} />
      )}
    </section>
  );
}
