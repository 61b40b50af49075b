import { useState } from 'react';
import { ShieldX } from 'lucide-react';
import type { RemovableType } from '@common/moderation/moderation';
import { focusRing, secondaryButton } from '../../components/ui';
import { isApiError } from '../../lib/api';
import { useRemoveContent } from './api';
import { ReasonDialog } from './ReasonDialog';

export interface RemoveContentProps {
  targetType: RemovableType;
  targetId: string;
  /** What it is, in the button's name and the dialog's title: "story “Low Tide”", "comment by Ada". */
  name: string;
  /** 'icon': a small shield (comments); 'label': shield and "Remove" (the story page, the user page). */
  variant?: 'icon' | 'label';
  onRemoved?: () => void;
}

const iconStyle = `inline-flex size-9 shrink-0 items-center justify-center rounded-md text-red-700 hover:bg-subtle dark:text-red-300 ${focusRing}`;

/**
 * An admin's "Remove" on someone else's story or comment (shown where its `permissions.remove`
 * says so): a reason is required and the dialog is the confirmation. The server takes the same
 * path as "Remove content" on a report, so the author is told why and an open report records it.
 */
export function RemoveContentButton({ targetType, targetId, name, variant = 'label', onRemoved }: RemoveContentProps) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveContent();
  const label = `Remove ${name}`;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        disabled={remove.isPending}
        // Named after what it removes (lists hold many); the visible "Remove" begins the name.
        aria-label={label}
        aria-haspopup="dialog"
        title={variant === 'icon' ? `Remove ${targetType} (admin)` : undefined}
        className={variant === 'icon' ? iconStyle : `${secondaryButton} px-3 py-1.5 text-red-700 dark:text-red-300`}
        data-testid={`remove-${targetType}`}
      >
        <ShieldX aria-hidden className="size-4" />
        {variant === 'label' && 'Remove'}
      </button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={label}
        description="It is taken down for everyone, and this cannot be undone. Its author is told why; the reason goes to the audit log, and an open report on it records the removal."
        submitLabel={targetType === 'story' ? 'Remove story' : 'Remove comment'}
        tone="danger"
        pending={remove.isPending}
        onSubmit={({ reason }) =>
          remove.mutate(
            { targetType, targetId, reason },
            {
              onSuccess: () => {
                setOpen(false);
                onRemoved?.();
              },
              // Already gone (another admin, or its author): the toast says so, and there is nothing left to ask.
              onError: (error) => isApiError(error) && error.status === 404 && setOpen(false),
            },
          )
        }
      />
    </>
  );
}
