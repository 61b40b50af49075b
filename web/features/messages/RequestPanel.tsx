import { useState } from 'react';
import { Check, X } from 'lucide-react';
import { useNavigate } from 'react-router';
import { type ConversationSummary } from '@common/messages/messages';
import { MESSAGE_TEXTS } from '@common/messages/rules';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { primaryButton, secondaryButton } from '../../components/ui';
import { useAcceptRequest, useDeclineRequest } from './api';

/** Above a message request: who wants to talk, Accept (to the inbox) or Decline (hidden, the sender is not told). */
export function RequestPanel({ conversation, name }: { conversation: ConversationSummary; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const accept = useAcceptRequest(conversation.id);
  const decline = useDeclineRequest(conversation.id);
  const navigate = useNavigate();
  return (
    <div className="border-b border-line bg-subtle px-4 py-3" data-testid="request-panel">
      <p className="text-sm text-fg">{MESSAGE_TEXTS.requestIntro(name)}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={primaryButton} disabled={accept.isPending || decline.isPending} onClick={() => accept.mutate()} data-testid="accept-request">
          <Check aria-hidden className="size-4" />
          {MESSAGE_TEXTS.accept}
        </button>
        <button type="button" className={secondaryButton} disabled={accept.isPending || decline.isPending} onClick={() => setConfirming(true)} data-testid="decline-request">
          <X aria-hidden className="size-4" />
          {MESSAGE_TEXTS.decline}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Decline message request"
        description={`Decline ${name}'s message request? The conversation disappears for you and ${name} is not told.`}
        confirmLabel={MESSAGE_TEXTS.decline}
        tone="danger"
        onConfirm={() => decline.mutate(undefined, { onSuccess: () => void navigate({ search: '?folder=requests' }, { replace: true }) })}
      />
    </div>
  );
}
