import { useState } from 'react';
import { Check, X } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { primaryButton, secondaryButton } from '../../components/ui';
import { useDecideApproval } from './api';

/**
 * On a waiting account's page (/admin/users/:uid): Approve lets them in; Decline,
 * after a question, deletes the account. They are emailed either way.
 */
export function ApprovalActions({ uid, name }: { uid: string; name: string }) {
  const decide = useDecideApproval(uid);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  return (
    <div role="group" aria-label="Approval" className="flex flex-col gap-2 border-t border-line pt-4" data-testid="approval-actions">
      <p className="text-sm text-fg">This account is waiting for approval. Approve it to let them in; they are emailed either way.</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={primaryButton} disabled={decide.isPending} onClick={() => decide.mutate({ decision: 'approve' })} data-testid="approve-account">
          <Check aria-hidden className="size-4" />
          Approve
        </button>
        <button type="button" className={`${secondaryButton} text-red-700 dark:text-red-300`} disabled={decide.isPending} onClick={() => setConfirming(true)} data-testid="decline-account">
          <X aria-hidden className="size-4" />
          Decline
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Decline this sign-up?"
        description={`${name}'s account will be deleted and they will be emailed that it was not approved. This cannot be undone.`}
        confirmLabel="Decline and delete"
        tone="danger"
        onConfirm={() => decide.mutate({ decision: 'decline' }, { onSuccess: () => void navigate('/admin/users?status=waiting') })}
      />
    </div>
  );
}
