import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Lock, UserX } from 'lucide-react';
import { useNavigate } from 'react-router';
import { MESSAGE_TEXTS } from '@common/messages/rules';
import { Avatar } from '../../components/Avatar';
import { LoadError } from '../../components/LoadError';
import { CenteredSpinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/errors';
import { canMessageQuery, recipientQuery, useStartConversation } from './api';
import { draftKey } from './outbox';
import { ReplyBox } from './ReplyBox';
import { refusalMessage } from './refusal';
import { BackLink } from './Thread';

/**
 * `/messages?to=<uid>`: asks the server whether messaging is possible before any composer
 * shows. Refused: the reason as the server words it. Already talking: that conversation
 * opens instead. Otherwise a composer for the first message, with the encryption notice once
 * above it; the first send creates the conversation and opens it.
 */
export function NewConversation({ uid }: { uid: string }) {
  const navigate = useNavigate();
  const can = useQuery(canMessageQuery(uid));
  const recipient = useQuery(recipientQuery(uid));
  const start = useStartConversation();
  const existing = can.data?.conversationId ?? null;

  useEffect(() => {
    if (existing) void navigate({ search: `?c=${encodeURIComponent(existing)}` }, { replace: true });
  }, [existing, navigate]);

  if (can.isPending || existing) return <CenteredSpinner />;
  if (can.isError) {
    return (
      <div className="flex flex-col gap-3 p-4">
        <BackLink />
        <LoadError message={errorMessage(can.error)} onRetry={() => void can.refetch()} />
      </div>
    );
  }

  const person = recipient.data?.profile;
  const header = (
    <header className="flex items-center gap-2 border-b border-line px-3 py-2 sm:px-4">
      <BackLink />
      {person && <Avatar person={person} size="sm" />}
      <h2 id="thread-heading" className="truncate py-1 font-semibold text-fg" data-testid="thread-title">
        {person ? `New message to ${person.displayName}` : 'New message'}
      </h2>
    </header>
  );

  if (!can.data.canMessage) {
    return (
      <section aria-labelledby="thread-heading" className="flex h-full min-h-0 flex-col" data-testid="new-conversation">
        {header}
        <p role="status" className="m-auto flex max-w-sm flex-col items-center gap-2 p-6 text-center text-sm text-muted" data-testid="cannot-message">
          <UserX aria-hidden className="size-6" />
          {can.data.reason ?? "You can't message this writer right now."}
        </p>
      </section>
    );
  }

  return (
    <section aria-labelledby="thread-heading" className="flex h-full min-h-0 flex-col" data-testid="new-conversation">
      {header}
      <div className="flex min-h-0 flex-1 flex-col justify-end gap-2 overflow-y-auto px-4 py-4">
        <p className="mx-auto flex max-w-md items-start gap-2 rounded-lg bg-subtle px-3 py-2 text-xs text-muted" data-testid="e2e-notice">
          <Lock aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          {MESSAGE_TEXTS.e2eNotice}
        </p>
        {can.data.asRequest && (
          <p className="mx-auto max-w-md text-center text-xs text-muted" data-testid="as-request-note">
            {person?.displayName ?? 'They'} will get this as a message request. You can send more once they accept it.
          </p>
        )}
      </div>
      <ReplyBox
        draftKey={draftKey.recipient(uid)}
        label="Your message"
        busy={start.isPending}
        error={start.error ? (refusalMessage(start.error) ?? errorMessage(start.error)) : null}
        onSend={async (text) => {
          try {
            const { conversation } = await start.mutateAsync({ to: uid, text });
            void navigate({ search: `?c=${encodeURIComponent(conversation.id)}` }, { replace: true });
            return true;
          } catch {
            // The reason shows beside the composer; the text stays in it and in the draft.
            return false;
          }
        }}
      />
    </section>
  );
}
