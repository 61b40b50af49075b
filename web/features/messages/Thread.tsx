import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { ArrowLeft, Clock, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { type ConversationMessage, type ConversationSummary } from '@common/messages/messages';
import { MESSAGE_TEXTS, TYPING_SIGNAL_MS } from '@common/messages/rules';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { CenteredSpinner } from '../../components/Spinner';
import { iconButton } from '../../components/ui';
import { isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { usePagedList } from '../../lib/paged-list';
import { useTyping } from '../../lib/typing';
import { signalTyping, threadQuery, useConversation, useMarkConversationRead } from './api';
import { MessageItem } from './MessageItem';
import { OutboxItem } from './OutboxItem';
import { draftKey, useOutbox } from './outbox';
import { ReplyBox } from './ReplyBox';
import { RequestPanel } from './RequestPanel';
import { useOutboxSender } from './sending';
import { useTabVisible } from './visibility';

export function BackLink() {
  return (
    <Link to={{ search: '' }} className={`${iconButton} shrink-0 md:hidden`} aria-label="Back to conversations" data-testid="back-to-conversations">
      <ArrowLeft aria-hidden className="size-5" />
    </Link>
  );
}

/**
 * Marks the conversation read when it opens and whenever a message arrives while it is open
 * and the tab is in front (a hidden tab waits until it is shown): each newest message is
 * marked once, so the refetch that follows cannot loop. A message request is not marked:
 * the sender must not learn it was seen unless it is accepted.
 */
function useMarkReadWhileOpen(id: string, summary: ConversationSummary | undefined) {
  const { mutate: markRead } = useMarkConversationRead(id);
  const visible = useTabVisible();
  const marked = useRef<string | null>(null);
  const unread = summary?.unread === true && summary.state !== 'request';
  const newest = summary?.lastMessageAt ?? '';
  useEffect(() => {
    if (!unread || !visible || marked.current === newest) return;
    marked.current = newest;
    markRead();
  }, [unread, visible, newest, markRead]);
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

/** The typing signal, at most every TYPING_SIGNAL_MS and only when the others may see it. */
function useTypingSignal(id: string, enabled: boolean) {
  const last = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (!enabled || now - last.current < TYPING_SIGNAL_MS) return;
    last.current = now;
    signalTyping(id);
  }, [id, enabled]);
}

/** My newest message the other side has seen: "Seen" goes under it. */
function newestSeenId(messages: readonly ConversationMessage[]): string | undefined {
  return messages.findLast((message) => message.mine && message.seen && !message.deleted)?.id;
}

function TypingLine({ id, summary }: { id: string; summary: ConversationSummary | undefined }) {
  const typing = useTyping(id);
  const names = typing.map((uid) => summary?.members.find((member) => member.uid === uid)?.displayName).filter((name) => name !== undefined);
  return (
    <p aria-live="polite" className="min-h-5 px-4 pb-1 text-xs text-muted italic" data-testid="typing-indicator">
      {names.length > 0 ? MESSAGE_TEXTS.typing(names.join(', ')) : ''}
    </p>
  );
}

/**
 * Why the viewer cannot write here: their request waits; or, in a direct conversation, the other
 * writer isn't accepting messages (the server's words for an account that is away).
 */
function closedReason(summary: ConversationSummary): string {
  if (summary.state === 'pending') return MESSAGE_TEXTS.requestPending;
  const other = summary.type === 'direct' ? summary.members[0] : undefined;
  return other ? MESSAGE_TEXTS.notAccepting(other.displayName) : 'You can no longer reply in this conversation.';
}

function Composer({ id, summary, sender }: { id: string; summary: ConversationSummary; sender: ReturnType<typeof useOutboxSender> }) {
  const onTyping = useTypingSignal(id, summary.typingIndicator);
  if (summary.state === 'request') return null;
  if (!summary.permissions.reply) {
    return (
      <p className="flex items-center gap-2 border-t border-line p-4 text-sm text-muted" data-testid="reply-closed">
        {summary.state === 'pending' && <Clock aria-hidden className="size-4 shrink-0" />}
        {closedReason(summary)}
      </p>
    );
  }
  return (
    <ReplyBox
      draftKey={draftKey.conversation(id)}
      onSend={(text) => {
        sender.send(text);
        return true;
      }}
      error={sender.refusal}
      onTyping={onTyping}
    />
  );
}

/** The right pane: one conversation's messages, oldest first, what is still unsent, and the composer. */
export function Thread({ id }: { id: string }) {
  const conversation = useConversation(id);
  const list = usePagedList(threadQuery(id));
  const pending = useOutbox(id);
  const sender = useOutboxSender(id);
  const summary = conversation.data;
  useMarkReadWhileOpen(id, summary);
  const scroller = useStickToNewest(pending.at(-1)?.localId ?? list.items?.at(-1)?.id);

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
  const direct = summary?.type === 'direct';
  const seenId = summary && direct ? newestSeenId(list.items) : undefined;
  return (
    <section aria-labelledby="thread-heading" className="flex h-full min-h-0 flex-col" data-testid="thread">
      <header className="flex items-center gap-2 border-b border-line px-3 py-2 sm:px-4">
        <BackLink />
        <div className="min-w-0 py-1">
          <h2 id="thread-heading" className="truncate font-semibold text-fg" data-testid="thread-title">
            {summary?.title ?? 'Conversation'}
          </h2>
          {names && !direct && <p className="truncate text-xs text-muted">with {names}</p>}
          {direct && members[0] && (
            <Link to={`/user/${encodeURIComponent(members[0].uid)}`} className="text-xs text-muted hover:underline">
              View profile
            </Link>
          )}
        </div>
      </header>
      {summary?.state === 'request' && <RequestPanel conversation={summary} name={members[0]?.displayName ?? 'This writer'} />}
      {summary?.state === 'pending' && (
        <p className="border-b border-line bg-subtle px-4 py-2 text-sm text-muted" data-testid="pending-note">
          {members[0]?.displayName ?? 'They'} hasn&apos;t accepted your message request yet.
        </p>
      )}
      <div ref={scroller} role="log" aria-label="Messages" className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-4">
        <LoadMore list={list} label="Load older" className="mb-4 flex justify-center" failure="Could not load older messages." testId="load-older" />
        {direct && !list.hasMore && (
          <p className="mx-auto mb-4 flex max-w-md items-start gap-2 rounded-lg bg-subtle px-3 py-2 text-xs text-muted" data-testid="e2e-notice">
            <Lock aria-hidden className="mt-0.5 size-3.5 shrink-0" />
            {MESSAGE_TEXTS.e2eNotice}
          </p>
        )}
        <ol className="flex flex-col gap-4">
          {list.items.map((message) => (
            <MessageItem key={message.id} message={message} members={members} seenMark={message.id === seenId} />
          ))}
          {pending.map((entry) => (
            <OutboxItem key={entry.localId} entry={entry} onRetry={sender.retry} />
          ))}
        </ol>
      </div>
      <TypingLine id={id} summary={summary} />
      {summary && <Composer id={id} summary={summary} sender={sender} />}
    </section>
  );
}
