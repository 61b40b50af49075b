import { useState } from 'react';
import { Lightbulb } from 'lucide-react';
import { type ConversationMember, type ConversationMessage } from '@common/messages/messages';
import { MESSAGE_TEXTS } from '@common/messages/rules';
import { formatDateTime } from '../../lib/format';
import { MessageEditor } from './MessageEditor';
import { MessageMenu } from './MessageMenu';

/** Who sent a message, as the thread labels it. */
function senderName(message: ConversationMessage, members: readonly ConversationMember[]): string {
  if (message.mine) return 'You';
  return members.find((member) => member.uid === message.from)?.displayName ?? (message.fromType === 'admin' ? 'Drabble team' : 'Writer');
}

function Meta({ message, members }: { message: ConversationMessage; members: readonly ConversationMember[] }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
      <span className="font-semibold text-fg" data-testid="message-sender">
        {senderName(message, members)}
      </span>
      {message.fromType === 'admin' && !message.mine && <span className="rounded-full border border-line px-1.5 font-medium">Admin</span>}
      <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
      {message.editedAt && !message.deleted && (
        <span title={`Edited ${formatDateTime(message.editedAt)}`} data-testid="message-edited">
          {MESSAGE_TEXTS.edited}
        </span>
      )}
    </span>
  );
}

interface MessageItemProps {
  message: ConversationMessage;
  members: readonly ConversationMember[];
  /** My newest message the other side has seen: "Seen" shows under it. */
  seenMark?: boolean;
}

/**
 * One message, as plain text with its line breaks (never HTML). The first message of a
 * feature-request thread is the suggestion itself, shown as a quoted request across the thread.
 */
export function MessageItem({ message, members, seenMark = false }: MessageItemProps) {
  const [editing, setEditing] = useState(false);
  if (message.isFeatureRequest) {
    return (
      <li className="flex flex-col gap-1" data-testid="message" data-kind="feature-request">
        <figure className="rounded-lg border-l-4 border-accent-500 bg-subtle px-4 py-3">
          <figcaption className="flex items-center gap-1.5 text-xs font-semibold text-accent-ink">
            <Lightbulb aria-hidden className="size-3.5" />
            {message.mine ? 'Your feature request' : 'Feature request'}
          </figcaption>
          <blockquote className="mt-1 text-sm break-words whitespace-pre-wrap text-fg" data-testid="message-text">
            {message.text}
          </blockquote>
        </figure>
        <Meta message={message} members={members} />
      </li>
    );
  }
  let body;
  if (message.deleted) {
    body = (
      <p className="rounded-2xl border border-dashed border-line px-4 py-2 text-sm text-muted italic" data-testid="message-deleted">
        {MESSAGE_TEXTS.deleted}
      </p>
    );
  } else if (editing) {
    body = <MessageEditor message={message} onDone={() => setEditing(false)} />;
  } else {
    body = (
      <p
        className={`max-w-[85%] rounded-2xl px-4 py-2 text-sm break-words whitespace-pre-wrap sm:max-w-[75%] ${
          message.mine ? 'rounded-br-sm bg-accent-700 text-white' : 'rounded-bl-sm border border-line bg-subtle text-fg'
        }`}
        data-testid="message-text"
      >
        {message.text}
      </p>
    );
  }
  return (
    <li className={`group flex flex-col gap-1 ${message.mine ? 'items-end' : 'items-start'}`} data-testid="message" data-mine={message.mine || undefined}>
      <div className={`flex w-full items-center gap-1 ${message.mine ? 'flex-row-reverse' : ''}`}>
        {body}
        {!editing && <MessageMenu message={message} onEdit={() => setEditing(true)} />}
      </div>
      <Meta message={message} members={members} />
      {seenMark && (
        <span className="text-xs font-medium text-muted" data-testid="message-seen">
          {MESSAGE_TEXTS.seen}
        </span>
      )}
    </li>
  );
}
